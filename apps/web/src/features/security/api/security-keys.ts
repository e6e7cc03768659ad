// Query keys and the base path of the account-security calls ({api}/member/..., docs/account-security.md).
export const MEMBER_API = '/api/mjkj-web/coin/member';

export const securityKeys = {
  all: ['security'] as const,
  info: () => [...securityKeys.all, 'info'] as const,
  apiKeys: () => [...securityKeys.all, 'apiKeys'] as const,
  devices: () => [...securityKeys.all, 'devices'] as const,
  loginLog: (current: number) => [...securityKeys.all, 'loginLog', current] as const,
};
