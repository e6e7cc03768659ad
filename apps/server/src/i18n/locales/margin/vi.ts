// Vietnamese server messages of spot margin; keys mirror ./en.ts.
import type { marginEn } from './en';

export const marginVi: Record<keyof typeof marginEn, string> = {
  'errors.MARGIN_DISABLED': 'Nền tảng này chưa cung cấp giao dịch ký quỹ',
  'errors.MARGIN_PAIR_UNKNOWN': 'Cặp giao dịch này không hỗ trợ ký quỹ',
  'errors.MARGIN_COIN_UNKNOWN': 'Không thể vay hoặc giữ đồng này trong tài khoản ký quỹ này',
  'errors.MARGIN_LEVEL_TOO_LOW': 'Thao tác này sẽ làm mức ký quỹ thấp hơn mức đòn bẩy cho phép',
  'errors.MARGIN_BORROW_LIMIT': 'Số này vượt quá hạn mức bạn có thể vay lúc này',
  'errors.MARGIN_REPAY_EXCEEDS_DEBT': 'Số này vượt quá khoản bạn nợ (gốc và lãi)',
  'errors.MARGIN_LEVERAGE_INVALID': 'Không hỗ trợ mức đòn bẩy này',
  'errors.MARGIN_PRICE_UNAVAILABLE': 'Hiện không lấy được giá; vui lòng thử lại sau ít phút',
  'errors.MARGIN_LIQUIDATING': 'Tài khoản ký quỹ này đang bị thanh lý',
  'errors.MARGIN_POOL_INSUFFICIENT': 'Quỹ cho vay hiện không thể cho vay số tiền này',
  'errors.MARGIN_INSUFFICIENT_BALANCE': 'Số dư khả dụng trong tài khoản không đủ',
  'errors.MARGIN_AMOUNT_INVALID':
    'Vui lòng nhập số tiền hợp lệ, không nhiều chữ số thập phân hơn mức đồng này cho phép',
  'errors.MARGIN_AMOUNT_TOO_LARGE': 'Số tiền vượt quá mức cho phép',
  'errors.MARGIN_REJECTED': 'Yêu cầu không được chấp nhận',
  'errors.MARGIN_SIDE_EFFECT_SPOT': 'Tự động vay và tự động trả chỉ dành cho lệnh từ tài khoản ký quỹ',
  'success.marginBorrowed': 'Đã vay',
  'success.marginRepaid': 'Đã trả nợ',
  'success.marginLeverageUpdated': 'Đã cập nhật đòn bẩy',
  'success.marginPoolChanged': 'Đã cập nhật quỹ cho vay',
  'mail.marginCallSubject': 'Cảnh báo ký quỹ: mức ký quỹ của bạn là {level}',
  'mail.marginCallBody':
    'Mức ký quỹ của bạn đã giảm xuống {level}, dưới mức cảnh báo {call}. Khi đến {liquidation}, tài khoản sẽ tự động bị thanh lý. Hãy chuyển thêm tiền hoặc trả nợ để nâng mức ký quỹ.',
  'fields.sideEffect': 'Tự động vay/trả',
  'fields.leverage': 'Đòn bẩy',
  'fields.hourlyRate': 'Lãi suất theo giờ',
};
