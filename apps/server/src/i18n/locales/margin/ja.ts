// Japanese server messages of spot margin; keys mirror ./en.ts.
import type { marginEn } from './en';

export const marginJa: Record<keyof typeof marginEn, string> = {
  'errors.MARGIN_DISABLED': 'このプラットフォームではマージン取引をご利用いただけません',
  'errors.MARGIN_PAIR_UNKNOWN': 'この通貨ペアはマージン取引に対応していません',
  'errors.MARGIN_COIN_UNKNOWN': 'この通貨はこのマージン口座で借入・保有できません',
  'errors.MARGIN_LEVEL_TOO_LOW': 'この操作により証拠金維持率がレバレッジの許容水準を下回ります',
  'errors.MARGIN_BORROW_LIMIT': '現在の借入可能額を超えています',
  'errors.MARGIN_REPAY_EXCEEDS_DEBT': '返済額が借入額（元本と利息）を超えています',
  'errors.MARGIN_LEVERAGE_INVALID': 'このレバレッジは選択できません',
  'errors.MARGIN_PRICE_UNAVAILABLE': '現在価格を取得できません。しばらくしてから再度お試しください',
  'errors.MARGIN_LIQUIDATING': 'このマージン口座は強制決済中です',
  'errors.MARGIN_POOL_INSUFFICIENT': '貸出プールは現在この金額を貸し出せません',
  'errors.MARGIN_INSUFFICIENT_BALANCE': '口座の利用可能残高が不足しています',
  'errors.MARGIN_AMOUNT_INVALID': 'この通貨で許可される小数桁数以内の有効な金額を入力してください',
  'errors.MARGIN_AMOUNT_TOO_LARGE': '金額が上限を超えています',
  'errors.MARGIN_REJECTED': 'リクエストは受け付けられませんでした',
  'errors.MARGIN_SIDE_EFFECT_SPOT': '自動借入と自動返済はマージン口座からの注文にのみ使えます',
  'success.marginBorrowed': '借入しました',
  'success.marginRepaid': '返済しました',
  'success.marginLeverageUpdated': 'レバレッジを更新しました',
  'success.marginPoolChanged': '貸出プールを更新しました',
  'mail.marginCallSubject': 'マージンコール：証拠金維持率が {level} です',
  'mail.marginCallBody':
    '証拠金維持率が {level} に低下し、警告水準 {call} を下回りました。{liquidation} に達すると口座は自動的に強制決済されます。資金を振り替えるか返済して維持率を上げてください。',
  'fields.sideEffect': '自動借入・返済',
  'fields.leverage': 'レバレッジ',
  'fields.hourlyRate': '時間利率',
};
