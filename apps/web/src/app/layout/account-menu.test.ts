import { describe, expect, it } from 'vitest';
import { ACCOUNT_MENU_ITEMS, visibleAccountMenuItems } from './account-menu';

describe('visibleAccountMenuItems', () => {
  it('shows agent management to everyone and merchant management only to merchants', () => {
    const user = visibleAccountMenuItems(ACCOUNT_MENU_ITEMS, false).map((i) => i.key);
    expect(user).toEqual(['info', 'security', 'device-management', 'kyc', 'agent-management']);
    const merchant = visibleAccountMenuItems(ACCOUNT_MENU_ITEMS, true).map((i) => i.key);
    expect(merchant).toContain('merchant');
  });
});
