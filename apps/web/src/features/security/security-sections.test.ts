import { describe, expect, it } from 'vitest';
import { encodeSecret } from './lib/encode';
import { securitySectionOf } from './security-sections';

describe('securitySectionOf', () => {
  it('maps the account-centre paths this feature owns, with or without a trailing slash', () => {
    expect(securitySectionOf('/account/center/info')).toBe('info');
    expect(securitySectionOf('/account/center/setting/google/')).toBe('google');
    expect(securitySectionOf('/account/center/api-keys')).toBe('apiKeys');
    expect(securitySectionOf('/account/center/setting/trade-pwd')).toBe('tradePwd');
  });

  it('leaves the other account-centre pages to their features', () => {
    expect(securitySectionOf('/account/center/kyc')).toBeUndefined();
    expect(securitySectionOf('/account/center/reward-center')).toBeUndefined();
    expect(securitySectionOf('/account/center/setting')).toBeUndefined();
    expect(securitySectionOf('/account/center/toString')).toBeUndefined();
  });
});

describe('encodeSecret', () => {
  it('is base64 of the UTF-8 bytes, as the server decodes it', () => {
    expect(encodeSecret('Passw0rd!')).toBe('UGFzc3cwcmQh');
    expect(encodeSecret('密码Ab1')).toBe(Buffer.from('密码Ab1', 'utf8').toString('base64'));
  });
});
