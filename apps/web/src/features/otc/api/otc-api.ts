// The OTC / merchant calls (docs/otc.md "HTTP API"); the order chat uses the chat service's spec calls
// with the order's chatKey.
import { apiGet, apiPost } from '@/lib/api-client';

export const OTC_API = '/api/mjkj-web/coin';

export interface OtcAd {
  id: string;
  merchantId: string;
  merchantName: string;
  side: 'buy' | 'sell';
  asset: string;
  fiat: string;
  priceType: 'fixed' | 'margin';
  price: string | null;
  margin: string | null;
  amount: string;
  remaining: string;
  minFiat: string;
  maxFiat: string;
  paymentKinds: string[];
  paymentIds: string[];
  timeLimitMin: number;
  terms: string;
  status: 'online' | 'paused' | 'closed';
}

export interface PaymentDetail {
  id: string;
  kind: 'bank' | 'ewallet';
  holderName: string;
  bankName: string | null;
  provider: string | null;
  account: string;
  branchName: string | null;
}

export interface OtcOrder {
  orderCode: string;
  adId: string;
  merchantId: string;
  merchantUserId: string;
  buyerId: string;
  sellerId: string;
  side: 'buy' | 'sell';
  asset: string;
  fiat: string;
  price: string;
  amount: string;
  total: string;
  status: 'waiting' | 'paid' | 'appeal' | 'released' | 'cancelled';
  deadline: number;
  cancelReason: string | null;
  createTime: string;
}

export interface OtcOrderDetail extends OtcOrder {
  merchantName: string;
  myRole: 'buyer' | 'seller';
  isMerchantSide: boolean;
  payment: PaymentDetail[];
  proof: string | null;
  chatKey: string;
  appealFrom: number | null;
  now: number;
}

export interface MerchantInfo {
  merchant: null | {
    id: string;
    nickname: string;
    status: 'pending' | 'approved' | 'rejected';
    rejectReason: string | null;
    depositAmount: string | null;
    depositAsset: string | null;
  };
  stats: null | { orders: number; released: number; cancelled: number; open: number; completionRate: string };
}

export const otcKeys = {
  all: ['otc'] as const,
  ads: (q: object) => ['otc', 'ads', q] as const,
  orders: (role: string, status: string) => ['otc', 'orders', role, status] as const,
  order: (code: string) => ['otc', 'order', code] as const,
  merchant: () => ['otc', 'merchant'] as const,
  myAds: () => ['otc', 'myAds'] as const,
  payments: () => ['otc', 'payments'] as const,
};

export function listAds(q: {
  side: 'buy' | 'sell';
  asset?: string;
  fiat?: string;
  amount?: string;
  payKind?: string;
}) {
  const params: Record<string, string> = { side: q.side };
  for (const k of ['asset', 'fiat', 'amount', 'payKind'] as const) {
    const v = q[k];
    if (v) params[k] = v;
  }
  return apiGet<OtcAd[]>(`${OTC_API}/otc/ads`, params);
}

export const createOrder = (body: { adId: string; amount: string; paymentId?: string }) =>
  apiPost<OtcOrderDetail>(`${OTC_API}/otc/order/create`, body, { silent: true });
export const listOrders = (role: 'user' | 'merchant', status?: string) =>
  apiPost<{ records: OtcOrder[]; total: number }>(`${OTC_API}/otc/order/list`, {
    role,
    ...(status ? { status } : {}),
    size: 50,
  });
export const getOrder = (code: string) => apiGet<OtcOrderDetail>(`${OTC_API}/otc/order/${code}`);
export const orderAction = (what: 'paid' | 'release' | 'cancel', orderCode: string, proof?: string) =>
  apiPost<OtcOrderDetail>(
    `${OTC_API}/otc/order/${what}`,
    { orderCode, ...(proof ? { proof } : {}) },
    { silent: true },
  );
export const appealOrder = (orderCode: string, reason: string) =>
  apiPost<OtcOrderDetail>(`${OTC_API}/otc/order/appeal`, { orderCode, reason }, { silent: true });

export const merchantInfo = () => apiGet<MerchantInfo>(`${OTC_API}/merchant/info`);
export const applyMerchant = (nickname: string) =>
  apiPost(`${OTC_API}/merchant/apply`, { nickname }, { silent: true });
export const myAds = () => apiGet<OtcAd[]>(`${OTC_API}/merchant/ads`);
export const saveAd = (body: Record<string, unknown>) =>
  apiPost<OtcAd>(`${OTC_API}/merchant/ad/save`, body, { silent: true });
export const setAdStatus = (id: string, status: 'online' | 'paused' | 'closed') =>
  apiPost<OtcAd>(`${OTC_API}/merchant/ad/status`, { id, status }, { silent: true });
export const myPayments = () => apiGet<PaymentDetail[]>(`${OTC_API}/member/getPayment`);
