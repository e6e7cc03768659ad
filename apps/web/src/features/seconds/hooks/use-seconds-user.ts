// The signed-in user's id for the seconds page's queries ('' when signed out).
import { useSessionStore } from '@/lib/session-store';

export function useSecondsUser(): string {
  return useSessionStore((s) => (s.isLogin && s.token ? (s.userInfo?.id ?? 'me') : ''));
}
