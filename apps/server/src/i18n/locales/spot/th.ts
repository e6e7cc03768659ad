// Thai server messages of spot trading; keys mirror ./en.ts.
import type { spotEn } from './en';

export const spotTh: Record<keyof typeof spotEn, string> = {
  'errors.SPOT_MARKET_UNKNOWN': 'ไม่มีตลาดสปอตนี้',
  'errors.SPOT_MARKET_HALTED': 'ตลาดนี้หยุดการซื้อขายชั่วคราว',
  'errors.SPOT_PRICE_INVALID': 'ราคาต้องเป็นพหุคูณบวกของช่วงราคา {tick}',
  'errors.SPOT_QUANTITY_INVALID': 'จำนวนต้องเป็นพหุคูณของหน่วยขั้นต่ำ {lot}',
  'errors.SPOT_BELOW_MIN_QTY': 'จำนวนต่ำกว่าขั้นต่ำ {min}',
  'errors.SPOT_BELOW_MIN_NOTIONAL': 'มูลค่าคำสั่งต่ำกว่าขั้นต่ำ {min}',
  'errors.SPOT_INSUFFICIENT_BALANCE': 'ยอดคงเหลือที่ใช้ได้ไม่เพียงพอ',
  'errors.SPOT_POST_ONLY_WOULD_TAKE': 'คำสั่งแบบเมกเกอร์เท่านั้นนี้จะจับคู่ทันที จึงไม่ได้วางคำสั่ง',
  'errors.SPOT_NO_LIQUIDITY': 'ไม่มีคำสั่งฝั่งตรงข้ามให้จับคู่',
  'errors.SPOT_ORDER_NOT_FOUND': 'ไม่พบคำสั่งหรือคำสั่งสิ้นสุดแล้ว',
  'errors.SPOT_CLIENT_ORDER_ID_IN_USE': 'รหัสคำสั่งของลูกค้านี้ถูกใช้โดยคำสั่งที่ยังเปิดอยู่ของคุณแล้ว',
  'errors.SPOT_AMOUNT_TOO_LARGE': 'คำสั่งเกินขีดจำกัดที่อนุญาต',
  'errors.SPOT_ORDER_REJECTED': 'คำสั่งไม่ได้รับการยอมรับ',
  'success.orderPlaced': 'วางคำสั่งแล้ว',
  'success.orderCancelled': 'ยกเลิกคำสั่งแล้ว',
  'fields.side': 'ฝั่ง',
  'fields.price': 'ราคา',
  'fields.quantity': 'จำนวน',
  'fields.quoteQuantity': 'จำนวนเงินที่ใช้',
  'fields.timeInForce': 'เงื่อนไขเวลา',
  'fields.clientOrderId': 'รหัสคำสั่งของลูกค้า',
  'fields.orderId': 'รหัสคำสั่ง',
  'fields.pair': 'คู่การซื้อขาย',
};
