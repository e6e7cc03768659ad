// Owns the client session of spec sections 3 and 4: login flag, tokens, the time the token was stored
// (the refresh check measures from it) and the user info. Persisted through `storage` (coin_web- keys)
// so a reload keeps the user signed in; the token record's `datetime` is the token time.
import { create } from 'zustand';
import { clearSessionCookies, setSessionCookies } from './cookies';
import { storage, storageKey } from './storage';

/** The user-info object the server returns (see docs/api.md, `/api/user/getInfo`); contacts are masked. */
export interface UserInfo {
  id: string;
  blade_user_id: string;
  userId: string;
  user: { userId: string };
  account: string;
  avatar: string;
  email: string;
  phone: string;
  hasEmail?: boolean;
  hasPhone?: boolean;
  /** 2 marks a merchant (spec section 6). */
  is_merchant: number;
  merchant: { id: string; chatKey: string } | null;
  grade: string;
  isVip: boolean;
  creditScore: number | string | null;
  tier: string;
  inviteCode: string;
  hasFundPassword: boolean;
  createdAt?: string;
}

export const SESSION_KEYS = {
  isLogin: 'isLogin',
  token: 'token',
  refreshToken: 'refreshToken',
  userInfo: 'userInfo',
} as const;

export interface LoginData {
  token: string;
  refreshToken: string;
  userInfo?: UserInfo;
}

export interface SessionState {
  isLogin: boolean;
  token: string;
  refreshToken: string;
  /** Milliseconds since epoch when the current token was stored; 0 when signed out. */
  tokenTime: number;
  userInfo: UserInfo | null;
  setLogin(data: LoginData): void;
  /** Stores rotated tokens (refresh) without touching the user info. */
  setTokens(token: string, refreshToken: string): void;
  mergeUserInfo(info: Partial<UserInfo>): void;
  /** Local logout: token, refresh token, user info, login flag and both cookies. */
  clear(): void;
}

function loadInitial(): Pick<SessionState, 'isLogin' | 'token' | 'refreshToken' | 'tokenTime' | 'userInfo'> {
  const tokenEntry = storage.getEntry<string>(SESSION_KEYS.token);
  const token = typeof tokenEntry?.content === 'string' ? tokenEntry.content : '';
  const isLogin = storage.get<boolean>(SESSION_KEYS.isLogin) === true && token !== '';
  if (!isLogin) {
    return { isLogin: false, token: '', refreshToken: '', tokenTime: 0, userInfo: null };
  }
  const refreshToken = storage.get<string>(SESSION_KEYS.refreshToken);
  const userInfo = storage.get<UserInfo>(SESSION_KEYS.userInfo);
  return {
    isLogin,
    token,
    refreshToken: typeof refreshToken === 'string' ? refreshToken : '',
    tokenTime: tokenEntry?.datetime ?? 0,
    userInfo: userInfo && typeof userInfo === 'object' ? userInfo : null,
  };
}

function storeTokens(token: string, refreshToken: string, now: number) {
  storage.set(SESSION_KEYS.token, token, 'local', now);
  storage.set(SESSION_KEYS.refreshToken, refreshToken, 'local', now);
  setSessionCookies(token, refreshToken);
}

export const useSessionStore = create<SessionState>()((set, get) => ({
  ...loadInitial(),
  setLogin({ token, refreshToken, userInfo }) {
    const now = Date.now();
    storeTokens(token, refreshToken, now);
    storage.set(SESSION_KEYS.isLogin, true);
    if (userInfo) storage.set(SESSION_KEYS.userInfo, userInfo);
    set({ isLogin: true, token, refreshToken, tokenTime: now, userInfo: userInfo ?? get().userInfo });
  },
  setTokens(token, refreshToken) {
    const now = Date.now();
    storeTokens(token, refreshToken, now);
    set({ token, refreshToken, tokenTime: now });
  },
  mergeUserInfo(info) {
    const current = get().userInfo;
    const merged = { ...(current ?? {}), ...info } as UserInfo;
    storage.set(SESSION_KEYS.userInfo, merged);
    set({ userInfo: merged });
  },
  clear() {
    for (const key of Object.values(SESSION_KEYS)) storage.remove(key);
    clearSessionCookies();
    set({ isLogin: false, token: '', refreshToken: '', tokenTime: 0, userInfo: null });
  },
}));

/** Takes the session as storage holds it now (another tab may have refreshed the tokens). */
export function syncSessionFromStorage(): void {
  const stored = loadInitial();
  const current = useSessionStore.getState();
  if (
    stored.token !== current.token ||
    stored.refreshToken !== current.refreshToken ||
    stored.isLogin !== current.isLogin
  ) {
    useSessionStore.setState(stored);
  }
}

// Another tab logging in, out or refreshing the token changes localStorage; follow it so two tabs never
// act as different users (or one keeps a revoked token).
if (typeof window !== 'undefined') {
  const watched = new Set(Object.values(SESSION_KEYS).map(storageKey));
  window.addEventListener('storage', (event) => {
    if (event.key === null || watched.has(event.key)) useSessionStore.setState(loadInitial());
  });
}
