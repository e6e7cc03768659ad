import { describe, expect, it } from 'vitest';
import { AFTER_LOGIN_PATH, redirectFromSearch, safeRedirect } from './redirect';

describe('redirect after login', () => {
  it('defaults to /home/index', () => {
    expect(redirectFromSearch('')).toBe(AFTER_LOGIN_PATH);
    expect(AFTER_LOGIN_PATH).toBe('/home/index');
  });

  it('keeps a path inside the app, with its query', () => {
    expect(redirectFromSearch('?redirect=%2Fuser%2Findex%3Fkey%3DloginPwd')).toBe('/user/index?key=loginPwd');
    expect(safeRedirect('"/trade/index"')).toBe('/trade/index');
  });

  it('ignores other sites and the sign-in pages themselves', () => {
    for (const bad of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/user/login',
    ]) {
      expect(safeRedirect(bad), bad).toBe(AFTER_LOGIN_PATH);
    }
  });
});
