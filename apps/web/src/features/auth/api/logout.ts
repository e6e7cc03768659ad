// Logout (spec section 4): tell the server to revoke this session, then clear the token, user info,
// login flag and both cookies. The server call is best effort: the user is signed out locally even when
// it fails (offline, session already revoked). Navigating away ('/') is the caller's part.
import { apiPost } from '@/lib/api-client';
import { useSessionStore } from '@/lib/session-store';

export async function logout(): Promise<void> {
  if (useSessionStore.getState().token) {
    try {
      await apiPost<null>('/api/user/logout', undefined, { silent: true, skipUnauthorizedHandler: true });
    } catch {
      // Already invalid or unreachable: nothing more to revoke from here.
    }
  }
  useSessionStore.getState().clear();
}
