// Traditional Chinese server messages of spot margin; keys mirror ./en.ts.
import type { marginEn } from './en';

export const marginTw: Record<keyof typeof marginEn, string> = {
  'errors.MARGIN_DISABLED': '本平台暫不提供槓桿交易',
  'errors.MARGIN_PAIR_UNKNOWN': '該交易對不支援槓桿交易',
  'errors.MARGIN_COIN_UNKNOWN': '該幣種不能在此槓桿帳戶中借入或持有',
  'errors.MARGIN_LEVEL_TOO_LOW': '此操作會使風險率低於目前槓桿允許的水準',
  'errors.MARGIN_BORROW_LIMIT': '超過目前可借額度',
  'errors.MARGIN_REPAY_EXCEEDS_DEBT': '超過應還金額（本金加利息）',
  'errors.MARGIN_LEVERAGE_INVALID': '不支援該槓桿倍數',
  'errors.MARGIN_PRICE_UNAVAILABLE': '暫時無法取得價格，請稍後再試',
  'errors.MARGIN_LIQUIDATING': '該槓桿帳戶正在強制平倉',
  'errors.MARGIN_POOL_INSUFFICIENT': '借貸池目前無法借出這麼多',
  'errors.MARGIN_INSUFFICIENT_BALANCE': '帳戶可用餘額不足',
  'errors.MARGIN_AMOUNT_INVALID': '請輸入有效金額，小數位數不能超過該幣種允許的位數',
  'errors.MARGIN_AMOUNT_TOO_LARGE': '金額超出允許範圍',
  'errors.MARGIN_REJECTED': '請求未被接受',
  'errors.MARGIN_SIDE_EFFECT_SPOT': '自動借款與自動還款僅適用於槓桿帳戶的訂單',
  'success.marginBorrowed': '借幣成功',
  'success.marginRepaid': '還幣成功',
  'success.marginLeverageUpdated': '槓桿倍數已更新',
  'success.marginPoolChanged': '借貸池已更新',
  'mail.marginCallSubject': '追加保證金提醒：您的風險率為 {level}',
  'mail.marginCallBody':
    '您的風險率已降至 {level}，低於預警線 {call}。風險率達到 {liquidation} 時帳戶將被自動強制平倉。請轉入資金或還款以提高風險率。',
  'fields.sideEffect': '自動借還',
  'fields.leverage': '槓桿倍數',
  'fields.hourlyRate': '小時利率',
};
