// admin area server messages; keys mirror ./en.ts.
import type { adminEn } from './en';

export const adminVi: Record<keyof typeof adminEn, string> = {
  'errors.ADMIN_USER_NOT_FOUND': 'Không tìm thấy người dùng',
  'errors.ADJUSTMENT_NOT_FOUND': 'Không tìm thấy yêu cầu điều chỉnh',
  'errors.ADJUSTMENT_ASSET_UNKNOWN': 'Tài sản này không có trong danh sách tài sản của ví',
  'errors.ADJUSTMENT_SELF_APPROVAL':
    'Người vận hành đã tạo yêu cầu điều chỉnh không thể duyệt hoặc từ chối nó; phải do một quản trị viên khác quyết định',
  'errors.ADJUSTMENT_STATE': 'Yêu cầu điều chỉnh này đã được xử lý',
  'errors.ADJUSTMENT_INSUFFICIENT_BALANCE': 'Số dư không đủ cho khoản điều chỉnh âm này',
  'errors.ADJUSTMENT_FAILED': 'Không thể thực hiện điều chỉnh, yêu cầu đã được đánh dấu thất bại',
  'errors.ADJUSTMENT_CORE_UNAVAILABLE': 'Dịch vụ số dư tạm thời không khả dụng, vui lòng thử lại sau',
  'errors.PROJECTION_FAILURE_NOT_FOUND': 'Không tìm thấy lỗi phép chiếu',
  'errors.PROJECTION_FAILURE_STATE': 'Lỗi phép chiếu này đã được thử lại hoặc bỏ qua',
  'errors.PROJECTION_RETRY_FAILED': 'Vẫn không thể ghi các dòng sao kê; lỗi vẫn mở với thông báo lỗi mới',
  'errors.PROJECTION_UNAVAILABLE': 'Phép chiếu sao kê không chạy, vui lòng thử lại sau',
  'success.projectionRetried': 'Đã ghi các dòng sao kê còn thiếu',
  'success.projectionDismissed': 'Đã bỏ qua lỗi phép chiếu',
  'success.adjustmentRequested': 'Đã tạo yêu cầu điều chỉnh; cần một quản trị viên khác duyệt',
  'success.adjustmentApproved': 'Điều chỉnh đã được duyệt và áp dụng',
  'success.adjustmentRejected': 'Đã từ chối yêu cầu điều chỉnh',
  'errors.OPERATOR_NOT_FOUND': 'Không tìm thấy nhân viên vận hành',
  'errors.OPERATOR_REQUEST_NOT_FOUND': 'Không tìm thấy yêu cầu về nhân viên vận hành',
  'errors.OPERATOR_REQUEST_STATE': 'Yêu cầu này đã được xử lý',
  'errors.OPERATOR_REQUEST_PENDING': 'Đã có một yêu cầu đổi vai trò của nhân viên này đang chờ duyệt',
  'errors.OPERATOR_REQUEST_SELF_APPROVAL':
    'Bạn không thể quyết định yêu cầu do chính mình tạo hoặc liên quan đến tài khoản của mình; một quản trị viên khác phải quyết định',
  'errors.OPERATOR_ROLE_UNCHANGED': 'Nhân viên này đã có vai trò này',
  'errors.APPROVAL_SAME_OPERATOR':
    'Bạn đã duyệt lần thứ nhất; lần duyệt thứ hai phải do một nhân viên khác thực hiện',
  'errors.APPROVAL_LINKED_OPERATOR':
    'Bạn không thể duyệt yêu cầu của quản trị viên đã đề nghị tạo tài khoản của bạn, hoặc của nhân viên mà bạn đã đề nghị tạo tài khoản',
  'errors.APPROVAL_COOLING_OFF': 'Nhân viên mới chưa thể duyệt; bạn có thể duyệt từ {from}',
  'success.operatorRequested': 'Đã tạo yêu cầu; một quản trị viên khác phải duyệt',
  'success.operatorCreated':
    'Đã tạo nhân viên (lần thêm duy nhất của quản trị viên đầu tiên không cần người duyệt thứ hai)',
  'success.operatorRequestApproved': 'Đã duyệt và áp dụng yêu cầu',
  'success.operatorRequestRejected': 'Đã từ chối yêu cầu',
  'success.firstApprovalRecorded':
    'Đã ghi nhận lần duyệt thứ nhất; một nhân viên khác phải duyệt lần thứ hai',
  'validation.notZero': 'không được bằng 0',
  'fields.userId': 'ID người dùng',
  'fields.asset': 'Tài sản',
  'fields.accountType': 'Loại tài khoản',
  'fields.amount': 'Số tiền',
  'fields.reason': 'Lý do',
  'fields.keyword': 'Từ khóa',
  'fields.status': 'Trạng thái',
};
