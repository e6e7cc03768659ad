import type { SeedTexts } from './seed-types';

export const seedVi: SeedTexts = {
  categories: {
    guides: 'Hướng dẫn',
    getting_started: 'Bắt đầu',
    fees_and_rules: 'Phí và quy định',
    legal: 'Pháp lý',
    risk: 'Cảnh báo rủi ro',
  },
  items: {
    getting_started_guide: {
      title: 'Bắt đầu',
      summary: 'Mở tài khoản, bảo mật, nạp tiền, giao dịch và rút tiền trong năm bước.',
      markdown: `## 1. Mở tài khoản
Đăng ký bằng email hoặc số điện thoại và mật khẩu từ 6 đến 20 ký tự. Mã mời là không bắt buộc.

## 2. Bảo mật
Trong cài đặt bảo mật, hãy đặt **mật khẩu quỹ** (bắt buộc trước mọi lần rút tiền) và nếu muốn, một ứng dụng xác thực. Thỉnh thoảng kiểm tra danh sách thiết bị và đăng xuất các thiết bị lạ.

## 3. Nạp tiền
Chọn *Nạp tiền*, chọn đồng coin và gửi đến địa chỉ hiển thị. Khoản nạp được ghi có khi mạng xác nhận.

## 4. Giao dịch
Mở *Giao dịch* và đặt lệnh giới hạn hoặc lệnh thị trường. Phí có trong [biểu phí](/article/main/index).

## 5. Rút tiền
Chọn *Rút tiền*, nhập địa chỉ và số lượng rồi xác nhận bằng mật khẩu quỹ. Phí được hiển thị trước khi gửi. Tiền rút được ghi có trong vòng 24 giờ.

Có thắc mắc? Mở chăm sóc khách hàng trực tuyến trên thanh trên cùng.`,
    },
    fee_schedule: {
      title: 'Biểu phí',
      summary: 'Chi phí giao dịch, hoán đổi, nạp và rút tiền.',
      markdown: `| Dịch vụ | Phí |
|---|---|
| Giao dịch giao ngay, bên tạo lệnh | {{spotMakerFee}} số bạn nhận |
| Giao dịch giao ngay, bên khớp lệnh | {{spotTakerFee}} số bạn nhận |
| Hoán đổi | {{swapFee}} số tiền nhận được |
| Nạp tiền | miễn phí |
| Rút tiền | phí cố định theo từng coin, hiển thị trên biểu mẫu trước khi gửi |

Trong mỗi khoản phí, {{securityFundShare}} vào quỹ an toàn tài sản và {{feeRevenueShare}} vào doanh thu phí của nền tảng (xem *Quy tắc quỹ an toàn*).

Không có khoản thu nào khác: không bao giờ có phí bị trừ khỏi số dư nếu bạn không giao dịch, hoán đổi hoặc rút tiền.`,
    },
    security_fund_rule: {
      title: 'Quy tắc quỹ an toàn',
      summary: '10 phần trăm mọi khoản phí giao dịch được chuyển vào quỹ an toàn tài sản.',
      markdown: `Mỗi khoản phí nền tảng thu được chia ngay khi ghi sổ: **{{securityFundShare}}** vào quỹ an toàn tài sản và **{{feeRevenueShare}}** vào doanh thu phí. Việc chia là quy tắc hạch toán của sổ cái nên áp dụng cho mọi khoản phí, không có ngoại lệ.

Quỹ là một tài khoản hệ thống của sổ cái. Số dư được hiển thị trên trang chủ và có trong mọi bản chụp bằng chứng nợ phải trả được công bố, nên ai cũng có thể kiểm tra rằng nó tăng theo giao dịch.

Quỹ dùng để bù đắp tổn thất của người dùng do sự cố của nền tảng. Quỹ không bao giờ được dùng để trả chi phí vận hành.`,
    },
    risk_disclosure: {
      title: 'Công bố rủi ro',
      summary: 'Tài sản số biến động mạnh; bạn có thể mất toàn bộ số tiền đã bỏ vào.',
      markdown: `- Giá tài sản số có thể tăng hoặc giảm mạnh trong vài phút. Bạn có thể mất toàn bộ số tiền đã bỏ vào.
- Hợp đồng theo giây và hợp đồng đòn bẩy khuếch đại cả lãi lẫn lỗ. Chỉ dùng số tiền bạn có thể chấp nhận mất.
- Lợi nhuận trong quá khứ của bất kỳ sản phẩm nào không đảm bảo lợi nhuận tương lai. Không nội dung nào trên nền tảng là tư vấn đầu tư.
- Việc thanh toán dùng giá chỉ số công khai mà mọi người dùng đều thấy; không ai có thể đặt giá hay kết quả bằng tay.
- Kiểm soát rủi ro tự động, đào tự động và cấp vốn tài khoản **chưa được kích hoạt**.
- Một số sản phẩm có thể không có ở quốc gia của bạn và nhà vận hành có thể tắt chúng.`,
    },
    terms_of_service: {
      title: 'Điều khoản dịch vụ',
      summary: 'Các quy định khi sử dụng nền tảng.',
      markdown: `## Tài khoản của bạn
Bạn phải đủ tuổi thành niên và được phép sử dụng dịch vụ tài sản số nơi bạn sống. Hãy giữ an toàn mật khẩu, mật khẩu quỹ và thiết bị; mọi thao tác thực hiện bằng chúng được coi là của bạn.

## Sử dụng đúng mục đích
Không dùng nền tảng để rửa tiền, lừa đảo, thao túng thị trường hay lách lệnh trừng phạt. Chúng tôi có thể yêu cầu xác minh danh tính và tạm khóa tài khoản vi phạm.

## Phí và rút tiền
Phí theo biểu phí, hiển thị trước khi bạn xác nhận. Lệnh rút có đủ số dư, đã qua xét duyệt và mật khẩu quỹ hợp lệ sẽ được chi trả; tiền được ghi có trong 24 giờ và có phí xử lý. Không có điều kiện ẩn nào chặn lệnh rút.

## Giá
Lệnh được khớp trên sổ lệnh; hợp đồng thanh toán theo giá chỉ số công khai. Nhà vận hành không thể can thiệp giá hay kết quả.

## Thay đổi
Chúng tôi thông báo thay đổi điều khoản bằng thông báo trước khi áp dụng.`,
    },
    privacy_policy: {
      title: 'Chính sách quyền riêng tư',
      summary: 'Chúng tôi thu thập gì, vì sao và bảo vệ thế nào.',
      markdown: `## Thông tin thu thập
Tên tài khoản, email hoặc số điện thoại, giấy tờ tùy thân bạn tải lên để xác minh, thông tin ngân hàng bạn nhập và nhật ký đăng nhập, thiết bị.

## Mục đích
Để vận hành tài khoản, thực hiện nghĩa vụ pháp lý (xác minh danh tính), bảo vệ bạn (cảnh báo thiết bị mới, chống gian lận) và trả lời bạn qua chăm sóc khách hàng.

## Cách bảo vệ
Mật khẩu chỉ được lưu dưới dạng băm một chiều mạnh, mã phiên chỉ lưu dạng băm, và ảnh tải lên chỉ hiển thị cho bạn và nhân viên được phép. Thao tác của nhân viên được ghi vào nhật ký kiểm toán chống giả mạo.

## Chia sẻ
Chúng tôi không bán dữ liệu của bạn và chỉ chia sẻ khi pháp luật yêu cầu.

## Quyền của bạn
Bạn có thể xem và sửa dữ liệu trong trung tâm người dùng, và yêu cầu chăm sóc khách hàng cung cấp bản sao hoặc xóa dữ liệu khi pháp luật cho phép.`,
    },
    risk_notice: {
      title: 'Cảnh báo rủi ro: chỉ giao dịch bằng số tiền bạn có thể chấp nhận mất',
      summary: 'Giá tài sản số biến động mạnh. Hợp đồng khuếch đại cả lãi lẫn lỗ.',
      markdown:
        'Giá tài sản số biến động mạnh và hợp đồng khuếch đại cả lãi lẫn lỗ. Hãy đọc [công bố rủi ro](/article/main/index) trước khi giao dịch. Chúng tôi không bao giờ hỏi mật khẩu hay mã xác minh của bạn.',
    },
    welcome: {
      title: 'Chào mừng đến với {{brand}}',
      summary:
        'Sàn giao dịch bạn có thể kiểm chứng: số dư quỹ công khai, bằng chứng nợ phải trả, không can thiệp giá.',
      markdown: `{{brand}} được xây dựng để bạn có thể tự kiểm chứng: số dư quỹ an toàn tài sản được công khai, số dư của bạn có trong bằng chứng nợ phải trả đã công bố mà bạn có thể tự xác minh, và không nhà vận hành nào có thể đặt giá hay kết quả.

Hãy bắt đầu với hướng dẫn *Bắt đầu* trong trung tâm trợ giúp.`,
    },
  },
};
