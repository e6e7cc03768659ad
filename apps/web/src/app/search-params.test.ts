import { describe, expect, it } from 'vitest';
import {
  ASSETS_INDEX_KEYS,
  exchangePairParam,
  inviteCodeFromPath,
  oneOf,
  parseSearch,
  queryText,
  stringifySearch,
  TRADE_TYPES,
  tradeSymbolParam,
  USER_INDEX_KEYS,
  validateAssetsIndexSearch,
  validateExchangeSearch,
  validateRegisterSearch,
  validateTradeSearch,
  validateUserIndexSearch,
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

describe('search validators', () => {
  it('validates the trade type and symbol', () => {
    expect(validateTradeSearch({ type: 'sec', symbol: 'BTC' })).toStrictEqual({ type: 'sec', symbol: 'btc' });
    expect(validateTradeSearch({ type: 'usta', symbol: ' EthUsdt ' })).toStrictEqual({
      type: 'usta',
      symbol: 'ethusdt',
    });
    // An invalid value comes back as an explicit undefined: the router merges this over the raw search.
    expect(validateTradeSearch({ type: 'nope', symbol: '<x>' })).toStrictEqual({
      type: undefined,
      symbol: undefined,
    });
    expect(validateTradeSearch({ type: 'nope' })).toStrictEqual({ type: undefined });
    expect(validateTradeSearch({})).toStrictEqual({});
    for (const type of TRADE_TYPES) expect(validateTradeSearch({ type })).toStrictEqual({ type });
  });

  it('validates the exchange page pair (upper-cased; malformed dropped)', () => {
    expect(validateExchangeSearch({ symbol: 'ETH_USDT' })).toStrictEqual({ symbol: 'ETH_USDT' });
    expect(validateExchangeSearch({ symbol: ' eth_usdt ' })).toStrictEqual({ symbol: 'ETH_USDT' });
    // A well-formed unknown pair is kept: the page falls back to the default once it knows the markets.
    expect(validateExchangeSearch({ symbol: 'NOPE_USDT' })).toStrictEqual({ symbol: 'NOPE_USDT' });
    expect(validateExchangeSearch({ symbol: '<script>' })).toStrictEqual({ symbol: undefined });
    expect(validateExchangeSearch({})).toStrictEqual({});
    expect(exchangePairParam('A'.repeat(33))).toBeUndefined();
    expect(exchangePairParam(7)).toBeUndefined();
  });

  it('keeps a trade symbol of 1 to 32 letters, digits and underscores only', () => {
    expect(tradeSymbolParam('btc_usdt')).toBe('btc_usdt');
    expect(tradeSymbolParam('A'.repeat(32))).toBe('a'.repeat(32));
    expect(tradeSymbolParam('a'.repeat(33))).toBeUndefined();
    expect(tradeSymbolParam('   ')).toBeUndefined();
    expect(tradeSymbolParam('btc-usdt')).toBeUndefined();
    expect(tradeSymbolParam('btc usdt')).toBeUndefined();
    expect(tradeSymbolParam(42)).toBeUndefined();
    expect(tradeSymbolParam(undefined)).toBeUndefined();
  });

  it('validates the user-centre and assets keys', () => {
    expect(validateUserIndexSearch({ key: 'loginPwd' })).toStrictEqual({ key: 'loginPwd' });
    expect(validateUserIndexSearch({ key: 'bogus' })).toStrictEqual({ key: undefined });
    expect(validateUserIndexSearch({ key: 'LOGINPWD' })).toStrictEqual({ key: undefined });
    expect(validateAssetsIndexSearch({ key: 'nonsense' })).toStrictEqual({ key: undefined });
    expect(validateAssetsIndexSearch({ key: 'swap' })).toStrictEqual({ key: 'swap' });
    expect(validateAssetsIndexSearch({})).toStrictEqual({});
    for (const key of USER_INDEX_KEYS) expect(validateUserIndexSearch({ key })).toStrictEqual({ key });
    for (const key of ASSETS_INDEX_KEYS) expect(validateAssetsIndexSearch({ key })).toStrictEqual({ key });
  });

  it('keeps an invite code and drops an empty one', () => {
    expect(validateRegisterSearch({ invite_code: 'AB12' })).toStrictEqual({ invite_code: 'AB12' });
    expect(validateRegisterSearch({ invite_code: '  AB12 ' })).toStrictEqual({ invite_code: 'AB12' });
    expect(validateRegisterSearch({ invite_code: '' })).toStrictEqual({ invite_code: undefined });
    expect(validateRegisterSearch({ invite_code: '   ' })).toStrictEqual({ invite_code: undefined });
    expect(validateRegisterSearch({})).toStrictEqual({});
    expect(validateRegisterSearch({ invite_code: 'x'.repeat(64) })).toStrictEqual({
      invite_code: 'x'.repeat(64),
    });
    expect(validateRegisterSearch({ invite_code: 'x'.repeat(65) })).toStrictEqual({ invite_code: undefined });
    expect(validateRegisterSearch({ invite_code: 123456 })).toStrictEqual({ invite_code: undefined });
  });

  it('drops keys the route does not know', () => {
    expect(validateTradeSearch({ type: 'spot', extra: 'x' })).toStrictEqual({ type: 'spot' });
    expect(validateRegisterSearch({ invite_code: 'A', key: 'loginPwd' })).toStrictEqual({ invite_code: 'A' });
  });

  it('has helpers that never throw on odd input', () => {
    expect(oneOf(TRADE_TYPES, 'spot')).toBe('spot');
    expect(oneOf(TRADE_TYPES, ['spot'])).toBeUndefined();
    expect(oneOf(TRADE_TYPES, null)).toBeUndefined();
    expect(queryText({ toString: () => 'x' })).toBeUndefined();
  });
});
