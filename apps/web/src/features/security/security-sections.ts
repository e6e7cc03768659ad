// Which account-centre paths this feature renders (no React or antd here, so the account area can ask
// cheaply). The API-key page lives at /account/center/api-keys (docs/account-security.md).
export const SECURITY_SECTIONS = {
  '/account/center/info': 'info',
  '/account/center/security': 'security',
  '/account/center/device-management': 'devices',
  '/account/center/api-keys': 'apiKeys',
  '/account/center/setting/phone': 'phone',
  '/account/center/setting/google': 'google',
  '/account/center/setting/email': 'email',
  '/account/center/setting/login-pwd': 'loginPwd',
  '/account/center/setting/trade-pwd': 'tradePwd',
  '/account/center/setting/anti-code': 'antiCode',
} as const;

export type SecuritySection = (typeof SECURITY_SECTIONS)[keyof typeof SECURITY_SECTIONS];

export function securitySectionOf(pathname: string): SecuritySection | undefined {
  const path = pathname.replace(/\/+$/, '');
  return Object.hasOwn(SECURITY_SECTIONS, path)
    ? SECURITY_SECTIONS[path as keyof typeof SECURITY_SECTIONS]
    : undefined;
}
