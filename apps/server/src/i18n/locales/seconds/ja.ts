// Japanese server messages of seconds contracts; keys mirror ./en.ts.
import type { secondsEn } from './en';

export const secondsJa: Record<keyof typeof secondsEn, string> = {
  'errors.SECONDS_DISABLED': '秒契約は現在ご利用いただけません',
  'errors.SECONDS_COUNTRY_BLOCKED': 'お住まいの国では秒契約を提供していません',
  'errors.SECONDS_NOTICE_REQUIRED': '初めての秒契約の前に、リスク告知をお読みのうえ同意してください',
  'errors.SECONDS_QUANTITY_NOT_INTEGER': '数量は整数で入力してください',
  'errors.SECONDS_SYMBOL_UNKNOWN': 'このコインでは秒契約を提供していません',
  'errors.SECONDS_PERIOD_UNKNOWN': 'この期間は存在しません',
  'errors.SECONDS_PERIOD_DISABLED': 'この期間は新規注文を受け付けていません',
  'errors.SECONDS_STAKE_OUT_OF_RANGE': '数量は {min} から {max} の間で指定してください',
  'errors.SECONDS_INSUFFICIENT_BALANCE': '利用可能残高が不足しています',
  'errors.SECONDS_POOL_INSUFFICIENT':
    '契約プールは現在この注文の最大支払額をカバーできません。数量を減らしてください',
  'errors.SECONDS_PRICE_UNAVAILABLE':
    'このコインの最新インデックス価格がありません。しばらくしてからお試しください',
  'errors.SECONDS_TOO_MANY_OPEN': '未決済の契約が多すぎます。いくつかが決済されるまでお待ちください',
  'errors.SECONDS_AMOUNT_TOO_LARGE': '数量が上限を超えています',
  'errors.SECONDS_ORDER_REJECTED': '注文は受け付けられませんでした',
  'errors.SECONDS_HOUSE_INSUFFICIENT': 'ハウス口座の残高が足りません',
  'success.secondsOrderPlaced': '契約を発注しました',
  'success.secondsNoticeAcknowledged': 'リスク告知に同意しました',
  'success.secondsPeriodSaved': '期間を保存しました',
  'success.secondsPoolMoved': 'プールを更新しました',
  'fields.direction': '方向',
  'fields.periodId': '期間',
  'fields.durationSec': '長さ',
  'fields.minStake': '最小数量',
  'fields.maxStake': '最大数量',
  'fields.enabled': '有効',
  'fields.country': '居住国',
  'fields.accept': '同意',
};
