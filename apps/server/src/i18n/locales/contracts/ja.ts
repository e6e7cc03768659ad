// Japanese server messages of perpetual contracts; keys mirror ./en.ts.
import type { contractsEn } from './en';

export const contractsJa: Record<keyof typeof contractsEn, string> = {
  'errors.CONTRACT_MARKET_UNKNOWN': 'この先物市場は存在しません',
  'errors.CONTRACT_MARKET_HALTED': 'この先物市場の取引は停止中です',
  'errors.CONTRACT_PRICE_INVALID': '価格はティックサイズの正の倍数である必要があります',
  'errors.CONTRACT_QUANTITY_INVALID': '数量はロットサイズの正の倍数で、最小値以上である必要があります',
  'errors.CONTRACT_INSUFFICIENT_BALANCE': '先物口座の利用可能残高が不足しています',
  'errors.CONTRACT_NO_LIQUIDITY': '反対側に約定できる注文がありません',
  'errors.CONTRACT_ORDER_NOT_FOUND': '注文が見つからないか、すでに有効ではありません',
  'errors.CONTRACT_POSITION_NOT_FOUND': 'ポジションが見つかりません',
  'errors.CONTRACT_LEVERAGE_TOO_HIGH': 'レバレッジがこの市場またはポジション規模の上限を超えています',
  'errors.CONTRACT_REDUCE_ONLY': '決済注文はポジション数量（決済中の分を除く）を超えられません',
  'errors.CONTRACT_MARGIN_BELOW_INITIAL': '証拠金を当初証拠金より少なくすることはできません',
  'errors.CONTRACT_TPSL_WRONG_SIDE':
    '利確価格はマーク価格を超え、損切り価格はマーク価格と清算価格の間である必要があります',
  'errors.CONTRACT_MODE_LOCKED': '証拠金モードはこの市場にポジションも注文もない場合のみ変更できます',
  'errors.CONTRACT_PRICE_STALE': 'この市場の最新マーク価格がありません。しばらくしてから再度お試しください',
  'errors.CONTRACT_AMOUNT_TOO_LARGE': '注文が許容上限を超えています',
  'errors.CONTRACT_REJECTED': '注文は受け付けられませんでした',
  'success.positionClosed': 'ポジションを決済しました',
  'success.marginAdjusted': '証拠金を調整しました',
  'success.tpslSet': '利確・損切りを設定しました',
  'success.tpslCleared': '利確・損切りを解除しました',
  'success.leverageSet': 'レバレッジを設定しました',
  'fields.leverage': 'レバレッジ',
  'fields.money': '金額',
  'fields.flag': '追加または削減',
  'fields.takeProfit': '利確価格',
  'fields.stopLoss': '損切り価格',
  'fields.symbolNameList': '市場',
  'fields.oneKeySymbolNameList': '一括決済する市場',
  'fields.symbolName': '市場',
  'errors.CONTRACT_TRIGGER_WRONG_SIDE':
    '買いストップのトリガー価格はマーク価格より上、売りストップはマーク価格より下でなければなりません',
  'errors.CONTRACT_TOO_MANY_STOPS': 'この市場で待機中のストップ注文が多すぎます',
  'fields.triggerPrice': 'トリガー価格',
};
