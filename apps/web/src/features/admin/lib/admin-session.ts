// The operator session of the console, kept apart from the user session (lib/session-store.ts): its own
// store and its own sessionStorage key, so signing in as an operator never touches the user's login and
// closing the tab ends the operator session.
import { create } from 'zustand';

export const ADMIN_SESSION_KEY = 'coin_admin-session';

export type OperatorRole = 'admin' | 'reviewer' | 'support';

export interface OperatorInfo {
  id: string;
  username: string;
  role: OperatorRole;
  mustChangePassword: boolean;
}

interface Persisted {
  token: string;
  refreshToken: string;
  operator: OperatorInfo | null;
}

interface AdminSessionState extends Persisted {
  signIn(token: string, refreshToken: string, operator: OperatorInfo): void;
  setOperator(operator: OperatorInfo): void;
  clear(): void;
}

const EMPTY: Persisted = { token: '', refreshToken: '', operator: null };

function area(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Reads the stored session; anything malformed counts as signed out. */
export function parseStoredSession(raw: string | null): Persisted {
  if (!raw) return EMPTY;
  try {
    const v = JSON.parse(raw) as Partial<Persisted>;
    if (typeof v.token !== 'string' || !v.token) return EMPTY;
    const op = v.operator;
    const operator =
      op && typeof op.id === 'string' && typeof op.username === 'string' && typeof op.role === 'string'
        ? { ...op, mustChangePassword: op.mustChangePassword === true }
        : null;
    return {
      token: v.token,
      refreshToken: typeof v.refreshToken === 'string' ? v.refreshToken : '',
      operator,
    };
  } catch {
    return EMPTY;
  }
}

function save(p: Persisted): void {
  const a = area();
  if (!a) return;
  if (p.token) a.setItem(ADMIN_SESSION_KEY, JSON.stringify(p));
  else a.removeItem(ADMIN_SESSION_KEY);
}

export const useAdminSession = create<AdminSessionState>((set, get) => ({
  ...parseStoredSession(area()?.getItem(ADMIN_SESSION_KEY) ?? null),
  signIn(token, refreshToken, operator) {
    set({ token, refreshToken, operator });
    save({ token, refreshToken, operator });
  },
  setOperator(operator) {
    set({ operator });
    const { token, refreshToken } = get();
    save({ token, refreshToken, operator });
  },
  clear() {
    set(EMPTY);
    save(EMPTY);
  },
}));
