// Simplified Chinese server messages of spot margin; keys mirror ./en.ts.
import type { marginEn } from './en';

export const marginZh: Record<keyof typeof marginEn, string> = {
  'errors.MARGIN_DISABLED': '本平台暂不提供杠杆交易',
  'errors.MARGIN_PAIR_UNKNOWN': '该交易对不支持杠杆交易',
  'errors.MARGIN_COIN_UNKNOWN': '该币种不能在此杠杆账户中借入或持有',
  'errors.MARGIN_LEVEL_TOO_LOW': '此操作会使风险率低于当前杠杆允许的水平',
  'errors.MARGIN_BORROW_LIMIT': '超过当前可借额度',
  'errors.MARGIN_REPAY_EXCEEDS_DEBT': '超过应还金额（本金加利息）',
  'errors.MARGIN_LEVERAGE_INVALID': '不支持该杠杆倍数',
  'errors.MARGIN_PRICE_UNAVAILABLE': '暂时无法获取价格，请稍后再试',
  'errors.MARGIN_LIQUIDATING': '该杠杆账户正在强制平仓',
  'errors.MARGIN_POOL_INSUFFICIENT': '借贷池当前无法借出这么多',
  'errors.MARGIN_INSUFFICIENT_BALANCE': '账户可用余额不足',
  'errors.MARGIN_AMOUNT_INVALID': '请输入有效金额，小数位数不能超过该币种允许的位数',
  'errors.MARGIN_AMOUNT_TOO_LARGE': '金额超出允许范围',
  'errors.MARGIN_REJECTED': '请求未被接受',
  'errors.MARGIN_SIDE_EFFECT_SPOT': '自动借款和自动还款仅适用于杠杆账户的订单',
  'success.marginBorrowed': '借币成功',
  'success.marginRepaid': '还币成功',
  'success.marginLeverageUpdated': '杠杆倍数已更新',
  'success.marginPoolChanged': '借贷池已更新',
  'mail.marginCallSubject': '追加保证金提醒：您的风险率为 {level}',
  'mail.marginCallBody':
    '您的风险率已降至 {level}，低于预警线 {call}。风险率达到 {liquidation} 时账户将被自动强制平仓。请转入资金或还款以提高风险率。',
  'fields.sideEffect': '自动借还',
  'fields.leverage': '杠杆倍数',
  'fields.hourlyRate': '小时利率',
};
