import { describe, expect, it } from 'vitest';
import { parseStoredSession } from './admin-session';

describe('parseStoredSession', () => {
  it('reads a stored operator session', () => {
    const raw = JSON.stringify({
      token: 't',
      refreshToken: 'r',
      operator: { id: '1', username: 'admin', role: 'admin', mustChangePassword: false },
    });
    expect(parseStoredSession(raw)).toEqual({
      token: 't',
      refreshToken: 'r',
      operator: { id: '1', username: 'admin', role: 'admin', mustChangePassword: false },
    });
  });
  it('treats missing or malformed data as signed out', () => {
    const empty = { token: '', refreshToken: '', operator: null };
    expect(parseStoredSession(null)).toEqual(empty);
    expect(parseStoredSession('{')).toEqual(empty);
    expect(parseStoredSession(JSON.stringify({ token: 5 }))).toEqual(empty);
    expect(parseStoredSession(JSON.stringify({ token: 'x', operator: { id: 1 } })).operator).toBeNull();
  });
});
