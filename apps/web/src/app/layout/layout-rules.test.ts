import { describe, expect, it } from 'vitest';
import { isAccountMenuHidden, isConsolePath, isFooterHidden, isTopBarHidden } from './layout-rules';

describe('isFooterHidden', () => {
  it.each([
    '/user/login',
    '/user/register',
    '/user/reset',
    '/pledge/index',
    '/pledge/add',
    '/finance/detail',
    '/trade/index',
    '/exchange/full-screen/BTC_USDT',
  ])('hides the footer on %s', (path) => {
    expect(isFooterHidden(path)).toBe(true);
  });

  it.each([
    '/user/index',
    '/home/index',
    '/finance/investment',
    '/exchange/index',
    '/exchange/full-contract/usdt',
    '/quotes/index',
    '/account/center/info',
  ])('shows the footer on %s', (path) => {
    expect(isFooterHidden(path)).toBe(false);
  });
});

describe('isTopBarHidden', () => {
  it.each(['/user/login', '/user/register', '/user/reset'])('hides the top bar on %s', (path) => {
    expect(isTopBarHidden(path)).toBe(true);
  });

  it.each(['/user/index', '/home/index', '/user/registered'])('shows the top bar on %s', (path) => {
    expect(isTopBarHidden(path)).toBe(false);
  });
});

describe('isAccountMenuHidden', () => {
  it('hides the account menu on security sub-pages only', () => {
    expect(isAccountMenuHidden('/account/center/setting/phone')).toBe(true);
    expect(isAccountMenuHidden('/account/center/security')).toBe(false);
  });
});

describe('isConsolePath', () => {
  it.each(['/admin', '/admin/login', '/admin/users'])('is the console on %s', (path) => {
    expect(isConsolePath(path)).toBe(true);
  });
  it.each(['/', '/administrator', '/home/index', '/user/admin'])('is not the console on %s', (path) => {
    expect(isConsolePath(path)).toBe(false);
  });
});
