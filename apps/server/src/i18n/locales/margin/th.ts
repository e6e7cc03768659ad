// Thai server messages of spot margin; keys mirror ./en.ts.
import type { marginEn } from './en';

export const marginTh: Record<keyof typeof marginEn, string> = {
  'errors.MARGIN_DISABLED': 'แพลตฟอร์มนี้ยังไม่เปิดให้เทรดมาร์จิ้น',
  'errors.MARGIN_PAIR_UNKNOWN': 'คู่เทรดนี้ไม่รองรับการเทรดมาร์จิ้น',
  'errors.MARGIN_COIN_UNKNOWN': 'เหรียญนี้ไม่สามารถยืมหรือถือในบัญชีมาร์จิ้นนี้ได้',
  'errors.MARGIN_LEVEL_TOO_LOW': 'การทำรายการนี้จะทำให้ระดับมาร์จิ้นต่ำกว่าที่เลเวอเรจอนุญาต',
  'errors.MARGIN_BORROW_LIMIT': 'เกินวงเงินที่ยืมได้ในขณะนี้',
  'errors.MARGIN_REPAY_EXCEEDS_DEBT': 'เกินยอดที่ค้างชำระ (เงินต้นและดอกเบี้ย)',
  'errors.MARGIN_LEVERAGE_INVALID': 'ไม่รองรับเลเวอเรจนี้',
  'errors.MARGIN_PRICE_UNAVAILABLE': 'ขณะนี้ไม่สามารถดึงราคาได้ โปรดลองอีกครั้งในภายหลัง',
  'errors.MARGIN_LIQUIDATING': 'บัญชีมาร์จิ้นนี้กำลังถูกชำระบัญชี',
  'errors.MARGIN_POOL_INSUFFICIENT': 'พูลเงินกู้ไม่สามารถให้ยืมจำนวนนี้ได้ในขณะนี้',
  'errors.MARGIN_INSUFFICIENT_BALANCE': 'ยอดคงเหลือที่ใช้ได้ในบัญชีไม่เพียงพอ',
  'errors.MARGIN_AMOUNT_INVALID': 'โปรดกรอกจำนวนที่ถูกต้อง โดยทศนิยมไม่เกินที่เหรียญนี้อนุญาต',
  'errors.MARGIN_AMOUNT_TOO_LARGE': 'จำนวนเกินกว่าที่อนุญาต',
  'errors.MARGIN_REJECTED': 'คำขอไม่ได้รับการยอมรับ',
  'errors.MARGIN_SIDE_EFFECT_SPOT': 'การกู้อัตโนมัติและการชำระคืนอัตโนมัติใช้ได้เฉพาะคำสั่งจากบัญชีมาร์จิ้นเท่านั้น',
  'success.marginBorrowed': 'ยืมสำเร็จ',
  'success.marginRepaid': 'ชำระคืนสำเร็จ',
  'success.marginLeverageUpdated': 'อัปเดตเลเวอเรจแล้ว',
  'success.marginPoolChanged': 'อัปเดตพูลเงินกู้แล้ว',
  'mail.marginCallSubject': 'มาร์จิ้นคอล: ระดับมาร์จิ้นของคุณคือ {level}',
  'mail.marginCallBody':
    'ระดับมาร์จิ้นของคุณลดลงเหลือ {level} ต่ำกว่าระดับเตือน {call} เมื่อถึง {liquidation} บัญชีจะถูกชำระบัญชีอัตโนมัติ โปรดโอนเงินเข้าหรือชำระคืนเพื่อเพิ่มระดับ',
  'fields.sideEffect': 'กู้/ชำระคืนอัตโนมัติ',
  'fields.leverage': 'เลเวอเรจ',
  'fields.hourlyRate': 'อัตราดอกเบี้ยรายชั่วโมง',
};
