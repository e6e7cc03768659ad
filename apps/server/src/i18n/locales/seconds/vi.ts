// Vietnamese server messages of seconds contracts; keys mirror ./en.ts.
import type { secondsEn } from './en';

export const secondsVi: Record<keyof typeof secondsEn, string> = {
  'errors.SECONDS_DISABLED': 'Hợp đồng giây hiện không khả dụng',
  'errors.SECONDS_COUNTRY_BLOCKED': 'Hợp đồng giây không được cung cấp tại quốc gia của bạn',
  'errors.SECONDS_NOTICE_REQUIRED': 'Vui lòng đọc và xác nhận cảnh báo rủi ro trước hợp đồng giây đầu tiên',
  'errors.SECONDS_QUANTITY_NOT_INTEGER': 'Số lượng phải là số nguyên',
  'errors.SECONDS_SYMBOL_UNKNOWN': 'Đồng tiền này không có hợp đồng giây',
  'errors.SECONDS_PERIOD_UNKNOWN': 'Kỳ hạn này không tồn tại',
  'errors.SECONDS_PERIOD_DISABLED': 'Kỳ hạn này không nhận lệnh mới',
  'errors.SECONDS_STAKE_OUT_OF_RANGE': 'Số lượng phải nằm trong khoảng {min} đến {max}',
  'errors.SECONDS_INSUFFICIENT_BALANCE': 'Số dư khả dụng không đủ',
  'errors.SECONDS_POOL_INSUFFICIENT':
    'Quỹ hợp đồng hiện không đủ chi trả mức trả tối đa của lệnh này; hãy thử số lượng nhỏ hơn',
  'errors.SECONDS_PRICE_UNAVAILABLE': 'Chưa có giá chỉ số hiện tại cho đồng tiền này; vui lòng thử lại sau',
  'errors.SECONDS_TOO_MANY_OPEN': 'Bạn có quá nhiều hợp đồng đang mở; hãy đợi một số hợp đồng được tất toán',
  'errors.SECONDS_AMOUNT_TOO_LARGE': 'Số lượng vượt quá mức cho phép',
  'errors.SECONDS_ORDER_REJECTED': 'Lệnh không được chấp nhận',
  'errors.SECONDS_HOUSE_INSUFFICIENT': 'Tài khoản nhà cái không đủ số dư',
  'success.secondsOrderPlaced': 'Đã đặt hợp đồng',
  'success.secondsNoticeAcknowledged': 'Đã xác nhận cảnh báo rủi ro',
  'success.secondsPeriodSaved': 'Đã lưu kỳ hạn',
  'success.secondsPoolMoved': 'Đã cập nhật quỹ',
  'fields.direction': 'Hướng',
  'fields.periodId': 'Kỳ hạn',
  'fields.durationSec': 'Thời lượng',
  'fields.minStake': 'Số lượng tối thiểu',
  'fields.maxStake': 'Số lượng tối đa',
  'fields.enabled': 'Bật',
  'fields.country': 'Quốc gia cư trú',
  'fields.accept': 'Xác nhận',
};
