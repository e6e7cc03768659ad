// The sections of /user/index?key= (spec section 2), in menu order.
export const USER_CENTER_KEYS = [
  'all',
  'primary',
  'advanced',
  'bank',
  'tardPwd',
  'loginPwd',
  'certified',
  'termsService',
  'helper',
  /** Proof of liabilities: the user checks their balances against the published snapshot. */
  'audit',
] as const;
export type UserCenterKey = (typeof USER_CENTER_KEYS)[number];

export function isUserCenterKey(value: unknown): value is UserCenterKey {
  return typeof value === 'string' && (USER_CENTER_KEYS as readonly string[]).includes(value);
}
