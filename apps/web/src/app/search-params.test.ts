import { describe, expect, it } from 'vitest';
import {
  assetsIndexSearchSchema,
  inviteCodeFromPath,
  parseSearch,
  registerSearchSchema,
  stringifySearch,
  tradeSearchSchema,
  userIndexSearchSchema,
} from './search-params';

describe('inviteCodeFromPath', () => {
  it('takes the trailing part after /i&', () => {
    expect(inviteCodeFromPath('/i&AB12CD')).toBe('AB12CD');
    expect(inviteCodeFromPath('/home/i&123456')).toBe('123456');
    expect(inviteCodeFromPath('/i&AB%2012')).toBe('AB 12');
    expect(inviteCodeFromPath('/i&XY/')).toBe('XY');
  });

  it('is null without the marker and empty without a code', () => {
    expect(inviteCodeFromPath('/home/index')).toBeNull();
    expect(inviteCodeFromPath('/i&')).toBe('');
  });
});

describe('search strings', () => {
  it('keeps every value a plain string', () => {
    expect(parseSearch('?invite_code=123456&type=sec')).toEqual({ invite_code: '123456', type: 'sec' });
    expect(stringifySearch({ invite_code: '123456', symbol: undefined })).toBe('?invite_code=123456');
    expect(stringifySearch({})).toBe('');
  });
});

describe('search schemas', () => {
  it('validates the trade type and symbol', () => {
    expect(tradeSearchSchema.parse({ type: 'sec', symbol: 'BTC' })).toEqual({ type: 'sec', symbol: 'btc' });
    expect(tradeSearchSchema.parse({ type: 'nope', symbol: '<x>' })).toEqual({});
    expect(tradeSearchSchema.parse({})).toEqual({});
  });

  it('validates the user-centre and assets keys', () => {
    expect(userIndexSearchSchema.parse({ key: 'loginPwd' })).toEqual({ key: 'loginPwd' });
    expect(userIndexSearchSchema.parse({ key: 'bogus' })).toEqual({});
    expect(assetsIndexSearchSchema.parse({ key: 'swap' })).toEqual({ key: 'swap' });
    expect(assetsIndexSearchSchema.parse({})).toEqual({});
  });

  it('keeps an invite code and drops an empty one', () => {
    expect(registerSearchSchema.parse({ invite_code: 'AB12' })).toEqual({ invite_code: 'AB12' });
    expect(registerSearchSchema.parse({ invite_code: '' })).toEqual({});
  });
});
