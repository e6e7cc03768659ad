import { describe, expect, it } from 'vitest';
import { maskUrl } from './log-redact';

describe('maskUrl', () => {
  it('masks secret-looking query values and keeps the rest', () => {
    expect(
      maskUrl('/api/blade-user/update-password?oldPassword=YQ%3D%3D&newPassword=Yg&newPassword1=Yg'),
    ).toBe('/api/blade-user/update-password?oldPassword=***&newPassword=***&newPassword1=***');
    expect(maskUrl('/api/user/backPwd?email=a%40b.c&code=123456&password=eA')).toBe(
      '/api/user/backPwd?email=a%40b.c&code=***&password=***',
    );
    expect(maskUrl('/api/texchange/getCurrencyPrice?from=BTC&to=USDT')).toBe(
      '/api/texchange/getCurrencyPrice?from=BTC&to=USDT',
    );
    expect(maskUrl('/api/health')).toBe('/api/health');
  });
});
