// The user-info object of spec section 3 as the client receives it. Contact data is masked.
// getInfo is called on every page of a signed-in user, so UserInfoReader keeps each user's info in
// memory. Every write to a users row must be followed, after its commit, by UserInfoReader.invalidate
// (AccountService does it for its writes); a test pins each such write path.
import { maskEmail, maskPhone } from '@coin/shared/mask';
import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { otcMerchants } from '@/db/schema';
import { AppError } from '@/lib/app-error';
import { INVALIDATION_TOPICS, type InvalidationBus } from '@/lib/invalidation-bus';
import { JsonBody } from '@/lib/json-reply';
import { ReadCache } from '@/lib/read-cache';
import { findUserById, type UserRow } from './user-repository';

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

interface CachedInfo {
  info: UserInfo;
  body: JsonBody;
}

export class UserInfoReader {
  // The info only (no password hashes) and its reply, for the most recently active users.
  private readonly cache = new ReadCache<string, CachedInfo>(20_000);

  constructor(
    private readonly db: Executor,
    private readonly bus: InvalidationBus,
  ) {
    bus.subscribe(INVALIDATION_TOPICS.userInfo, (key) => {
      if (key === undefined) this.cache.clear();
      else this.cache.invalidate(key);
    });
  }

  /** The user's info; AUTH_TOKEN_INVALID when the user does not exist. Do not mutate the result. */
  async get(userId: bigint): Promise<UserInfo> {
    return (await this.cached(userId)).info;
  }

  /** The same as a prepared reply body. */
  async body(userId: bigint): Promise<JsonBody> {
    return (await this.cached(userId)).body;
  }

  private cached(userId: bigint): Promise<CachedInfo> {
    return this.cache.get(userId.toString(), async () => {
      const user = await findUserById(this.db, userId);
      if (!user) throw new AppError('AUTH_TOKEN_INVALID');
      const info = toUserInfo(user);
      if (user.isMerchant === 2) {
        // The merchant object of spec section 3 (id and chatKey: the second live channel), docs/otc.md.
        const [m] = await this.db
          .select({ id: otcMerchants.id, chatKey: otcMerchants.chatKey })
          .from(otcMerchants)
          .where(eq(otcMerchants.userId, userId))
          .limit(1);
        if (m) info.merchant = { id: m.id.toString(), chatKey: m.chatKey };
      }
      return { info, body: JsonBody.of(info) };
    });
  }

  /** Call after a change of the user's row has committed. */
  invalidate(userId: bigint): Promise<void> {
    return this.bus.publish(INVALIDATION_TOPICS.userInfo, userId.toString());
  }
}
