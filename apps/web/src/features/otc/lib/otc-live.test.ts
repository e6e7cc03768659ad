import { describe, expect, it } from 'vitest';
import { mmss, type OtcLiveMessage, popupTarget, pushPopup, secondsLeft, shouldPopup } from './otc-live';

const msg = (over: Partial<OtcLiveMessage> = {}): OtcLiveMessage => ({
  type: 'otc',
  isNew: '1',
  content: 'otc.live.waiting',
  orderCode: 'P1',
  status: 'waiting',
  changeUser: '7',
  serviceType: 'otc',
  link_merchant: 0,
  ...over,
});

describe('otc live messages', () => {
  it('pops up unless the reader made the change, only for otc and appeal', () => {
    expect(shouldPopup(msg(), '8')).toBe(true);
    expect(shouldPopup(msg(), '7')).toBe(false);
    expect(shouldPopup(msg({ type: 'others' }), '8')).toBe(false);
    expect(shouldPopup(msg({ type: 'appeal' }), '8')).toBe(true);
  });
  it('keeps at most four popups, dropping the oldest', () => {
    let list: number[] = [];
    for (let i = 1; i <= 5; i++) list = pushPopup(list, i);
    expect(list).toEqual([2, 3, 4, 5]);
  });
  it('routes merchants to the merchant order page and users to the order page', () => {
    expect(popupTarget(msg({ link_merchant: 1 }), true)).toEqual({
      to: '/merchant/deal',
      search: { serviceType: 'otc', orderCode: 'P1' },
    });
    expect(popupTarget(msg(), false).to).toBe('/otc/order');
    expect(popupTarget(msg({ type: 'appeal', link_merchant: 1 }), false).to).toBe('/merchant/deal');
    expect(popupTarget(msg({ type: 'appeal', link_merchant: 0 }), true).to).toBe('/otc/order');
  });
  it('formats the countdown', () => {
    expect(secondsLeft(10_500, 0)).toBe(11);
    expect(secondsLeft(0, 5)).toBe(0);
    expect(mmss(905)).toBe('15:05');
  });
});
