import { describe, expect, it } from 'vitest';
import { inviteLink, maySubmit } from './kyc-status';

describe('kyc status rules', () => {
  it('allows a new request only when there is none or the last failed', () => {
    expect(maySubmit(undefined)).toBe(true);
    expect(maySubmit(2)).toBe(true);
    expect(maySubmit(0)).toBe(false);
    expect(maySubmit(1)).toBe(false);
  });

  it('builds the /i& invite link the router redirects to registration', () => {
    expect(inviteLink('https://ex.example/', '/i&ABCD2345')).toBe('https://ex.example/i&ABCD2345');
  });
});
