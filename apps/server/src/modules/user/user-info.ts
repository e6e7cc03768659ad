// The user-info object of spec section 3 as the client receives it. Contact data is masked.
import { maskEmail, maskPhone } from '@coin/shared/mask';
import type { UserRow } from './user-repository';

export const DEFAULT_AVATAR = '/static/avatar-default.svg';

export function toUserInfo(user: UserRow) {
  const id = user.id.toString();
  return {
    id,
    blade_user_id: id,
    userId: id,
    user: { userId: id },
    account: user.account,
    avatar: user.avatar ?? DEFAULT_AVATAR,
    email: user.email ? maskEmail(user.email) : '',
    phone: user.phone ? maskPhone(user.phone) : '',
    hasEmail: user.email !== null,
    hasPhone: user.phone !== null,
    is_merchant: user.isMerchant,
    merchant: null as null | { id: string; chatKey: string },
    grade: user.grade,
    isVip: user.grade === 'vip',
    creditScore: user.creditScore,
    tier: user.tier,
    inviteCode: user.inviteCode,
    hasFundPassword: user.fundPasswordHash !== null,
    createdAt: user.createdAt.toISOString(),
  };
}

export type UserInfo = ReturnType<typeof toUserInfo>;
