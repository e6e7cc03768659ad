// Vietnamese server messages of spot trading; keys mirror ./en.ts.
import type { spotEn } from './en';

export const spotVi: Record<keyof typeof spotEn, string> = {
  'errors.SPOT_MARKET_UNKNOWN': 'Thị trường giao ngay này không tồn tại',
  'errors.SPOT_MARKET_HALTED': 'Giao dịch trên thị trường này đang tạm dừng',
  'errors.SPOT_PRICE_INVALID': 'Giá phải là bội số dương của bước giá {tick}',
  'errors.SPOT_QUANTITY_INVALID': 'Số lượng phải là bội số của lô {lot}',
  'errors.SPOT_BELOW_MIN_QTY': 'Số lượng thấp hơn mức tối thiểu {min}',
  'errors.SPOT_BELOW_MIN_NOTIONAL': 'Giá trị lệnh thấp hơn mức tối thiểu {min}',
  'errors.SPOT_INSUFFICIENT_BALANCE': 'Số dư khả dụng không đủ',
  'errors.SPOT_POST_ONLY_WOULD_TAKE': 'Lệnh chỉ tạo lập này sẽ khớp ngay nên không được đặt',
  'errors.SPOT_NO_LIQUIDITY': 'Không có lệnh nào ở phía đối diện để khớp',
  'errors.SPOT_ORDER_NOT_FOUND': 'Không tìm thấy lệnh hoặc lệnh đã kết thúc',
  'errors.SPOT_CLIENT_ORDER_ID_IN_USE': 'Mã lệnh khách hàng này đang được dùng cho một lệnh mở của bạn',
  'errors.SPOT_AMOUNT_TOO_LARGE': 'Lệnh vượt quá mức cho phép',
  'errors.SPOT_ORDER_REJECTED': 'Lệnh không được chấp nhận',
  'success.orderPlaced': 'Đã đặt lệnh',
  'success.orderCancelled': 'Đã hủy lệnh',
  'fields.side': 'Chiều',
  'fields.price': 'Giá',
  'fields.quantity': 'Số lượng',
  'fields.quoteQuantity': 'Số tiền chi',
  'fields.timeInForce': 'Hiệu lực lệnh',
  'fields.clientOrderId': 'Mã lệnh khách hàng',
  'fields.orderId': 'Mã lệnh',
  'fields.pair': 'Cặp giao dịch',
};
