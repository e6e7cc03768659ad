// The live OTC messages of spec section 4: which ones pop up, the four-popup queue, and where a click
// goes. Pure, unit tested.

export interface OtcLiveMessage {
  type: 'otc' | 'appeal' | string;
  isNew: '1' | '0';
  content: string;
  orderCode: string;
  status: string;
  changeUser: string;
  serviceType: string;
  link_merchant: 0 | 1;
}

export const MAX_POPUPS = 4;

/** A popup appears for otc and appeal messages unless the reader (or its merchant identity) made the change. */
export function shouldPopup(m: OtcLiveMessage, me: string): boolean {
  return (m.type === 'otc' || m.type === 'appeal') && m.changeUser !== me;
}

/** Adds a popup; the oldest closes when a fifth arrives. Popups never close by themselves. */
export function pushPopup<T>(list: readonly T[], item: T): T[] {
  const next = [...list, item];
  return next.length > MAX_POPUPS ? next.slice(next.length - MAX_POPUPS) : next;
}

/** Merchants go to the merchant order route, users to the order route (appeals: by link_merchant). */
export function popupTarget(
  m: OtcLiveMessage,
  isMerchant: boolean,
): { to: string; search: Record<string, string> } {
  const search = { serviceType: m.serviceType, orderCode: m.orderCode };
  const merchantRoute = m.type === 'appeal' ? m.link_merchant === 1 : isMerchant && m.link_merchant === 1;
  return { to: merchantRoute ? '/merchant/deal' : '/otc/order', search };
}

/** Seconds left until a deadline (never negative). */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

export function mmss(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}
