import { describe, expect, it } from 'vitest';
import { mustShowNotice, NOTICE_KEY, noticeKey } from './risk-notice';

describe('risk notice', () => {
  it('asks before the first opening order only when the server requires it', () => {
    expect(mustShowNotice({ riskNotice: true, direction: 1, accepted: false })).toBe(true);
    expect(mustShowNotice({ riskNotice: true, direction: 2, accepted: false })).toBe(true);
    expect(mustShowNotice({ riskNotice: true, direction: 1, accepted: true })).toBe(false);
    expect(mustShowNotice({ riskNotice: false, direction: 1, accepted: false })).toBe(false);
  });
  it('never asks for a closing order', () => {
    expect(mustShowNotice({ riskNotice: true, direction: 3, accepted: false })).toBe(false);
    expect(mustShowNotice({ riskNotice: true, direction: 4, accepted: false })).toBe(false);
  });
  it('keeps each user acceptance apart', () => {
    expect(noticeKey('7')).toBe(`${NOTICE_KEY}:7`);
    expect(noticeKey('8')).not.toBe(noticeKey('7'));
    expect(noticeKey(undefined)).toBe(NOTICE_KEY);
  });
});
