import { describe, expect, it } from 'vitest';
import { encodePassword } from './encode';

describe('encodePassword', () => {
  it('encodes ASCII like plain base64', () => {
    expect(encodePassword('abc123!')).toBe(Buffer.from('abc123!', 'utf8').toString('base64'));
  });
  it('encodes UTF-8 bytes, not UTF-16 code units', () => {
    expect(encodePassword('pässwörd密码')).toBe(Buffer.from('pässwörd密码', 'utf8').toString('base64'));
  });
  it('encodes the empty string as empty', () => {
    expect(encodePassword('')).toBe('');
  });
});
