// Vietnamese server messages of perpetual contracts; keys mirror ./en.ts.
import type { contractsEn } from './en';

export const contractsVi: Record<keyof typeof contractsEn, string> = {
  'errors.CONTRACT_MARKET_UNKNOWN': 'Thị trường hợp đồng này không tồn tại',
  'errors.CONTRACT_MARKET_HALTED': 'Giao dịch trên thị trường hợp đồng này đang tạm dừng',
  'errors.CONTRACT_PRICE_INVALID': 'Giá phải là bội số dương của bước giá',
  'errors.CONTRACT_QUANTITY_INVALID': 'Khối lượng phải là bội số dương của lô và không nhỏ hơn mức tối thiểu',
  'errors.CONTRACT_INSUFFICIENT_BALANCE': 'Số dư khả dụng trong tài khoản hợp đồng không đủ',
  'errors.CONTRACT_NO_LIQUIDITY': 'Không có lệnh đối ứng để khớp',
  'errors.CONTRACT_ORDER_NOT_FOUND': 'Không tìm thấy lệnh hoặc lệnh không còn mở',
  'errors.CONTRACT_POSITION_NOT_FOUND': 'Không tìm thấy vị thế',
  'errors.CONTRACT_LEVERAGE_TOO_HIGH': 'Đòn bẩy vượt mức tối đa của thị trường hoặc quy mô vị thế này',
  'errors.CONTRACT_REDUCE_ONLY': 'Lệnh đóng không được lớn hơn vị thế đang mở (trừ phần đang được đóng)',
  'errors.CONTRACT_MARGIN_BELOW_INITIAL': 'Không thể giảm ký quỹ xuống dưới ký quỹ ban đầu',
  'errors.CONTRACT_TPSL_WRONG_SIDE':
    'Giá chốt lời phải vượt giá đánh dấu và giá cắt lỗ phải nằm giữa giá đánh dấu và giá thanh lý',
  'errors.CONTRACT_MODE_LOCKED':
    'Chỉ có thể đổi chế độ ký quỹ khi không có vị thế hoặc lệnh nào trên thị trường này',
  'errors.CONTRACT_PRICE_STALE': 'Chưa có giá đánh dấu mới cho thị trường này; vui lòng thử lại sau',
  'errors.CONTRACT_AMOUNT_TOO_LARGE': 'Lệnh vượt quá mức cho phép',
  'errors.CONTRACT_COUNTRY_BLOCKED':
    'Giao dịch hợp đồng không được cung cấp tại quốc gia hoặc khu vực của bạn',
  'errors.CONTRACT_REJECTED': 'Lệnh không được chấp nhận',
  'success.positionClosed': 'Đã đóng vị thế',
  'success.marginAdjusted': 'Đã điều chỉnh ký quỹ',
  'success.tpslSet': 'Đã đặt chốt lời và cắt lỗ',
  'success.tpslCleared': 'Đã hủy chốt lời và cắt lỗ',
  'success.leverageSet': 'Đã đặt đòn bẩy',
  'fields.leverage': 'Đòn bẩy',
  'fields.money': 'Số tiền',
  'fields.flag': 'Thêm hoặc giảm',
  'fields.takeProfit': 'Giá chốt lời',
  'fields.stopLoss': 'Giá cắt lỗ',
  'fields.symbolNameList': 'Thị trường',
  'fields.oneKeySymbolNameList': 'Thị trường cần đóng',
  'fields.symbolName': 'Thị trường',
  'errors.CONTRACT_TRIGGER_WRONG_SIDE':
    'Giá kích hoạt của lệnh dừng mua phải cao hơn giá đánh dấu, của lệnh dừng bán phải thấp hơn',
  'errors.CONTRACT_TOO_MANY_STOPS': 'Bạn có quá nhiều lệnh dừng đang chờ trong thị trường này',
  'fields.triggerPrice': 'Giá kích hoạt',
};
