import { phoneSchema } from '@coin/shared/auth-schemas';
import { describe, expect, it } from 'vitest';
import { canonicalPhoneSchema } from './contact-target';
import { composePhone, defaultCountry } from './phone-number';

describe('composePhone', () => {
  it.each([
    // [dial code, typed, canonical]
    ['+86', '13800138000', '+8613800138000'],
    ['+86', '138 0013 8000', '+8613800138000'],
    ['+86', '138-0013-8000', '+8613800138000'],
    ['+86', '  138 0013-8000  ', '+8613800138000'],
    ['+44', '07700 900123', '+447700900123'],
    ['+44', '7700-900-123', '+447700900123'],
    ['+44', '(0)7700 900 123', '+447700900123'],
    ['+1', '(415) 555-0132', '+14155550132'],
    ['+1', '415.555.0132', '+14155550132'],
    ['+49', '0151 12345678', '+4915112345678'],
    ['+33', '06 12 34 56 78', '+33612345678'],
    // Italy keeps the leading 0 of its numbers.
    ['+39', '06 1234 5678', '+390612345678'],
    ['+39', '312 345 6789', '+393123456789'],
    // Only one leading 0 is the trunk prefix.
    ['+86', '0 13800138000', '+8613800138000'],
    // Full-width digits and dashes from an IME.
    ['+86', '１３８－００１３－８０００', '+8613800138000'],
    ['+86', '138\u2013 0013\u00a08000', '+8613800138000'],
    // The dial code as the server writes it or bare.
    ['86', '13800138000', '+8613800138000'],
    ['+971', '050 123 4567', '+971501234567'],
    // Typed with its own country: kept, whatever is picked.
    ['+86', '+44 7700 900123', '+447700900123'],
    ['+86', '0044 7700 900123', '+447700900123'],
    ['+86', '＋44 7700 900123', '+447700900123'],
    // Nothing typed.
    ['+86', '', ''],
    ['+86', '  - ', ''],
    // No country (the list did not load): not canonical, so no leading +.
    [undefined, '13800138000', '13800138000'],
    ['', '138 0013 8000', '13800138000'],
    // Letters stay, for the phone rule to reject.
    ['+86', '138abc', '+86138abc'],
  ])('%s and %j give %j', (dial, typed, canonical) => {
    expect(composePhone(dial, typed)).toBe(canonical);
  });

  it.each([
    ['+86', '138 0013 8000', true],
    ['+44', '07700 900123', true],
    ['+86', '138abc', false],
    ['+86', '12', false],
    [undefined, '13800138000', false],
    ['+86', '1234567890123456', false],
  ])('%s and %j pass the canonical phone rule: %s', (dial, typed, valid) => {
    const phone = composePhone(dial, typed);
    expect(canonicalPhoneSchema.safeParse(phone).success).toBe(valid);
    // Whatever passes on the client passes the server's rule too.
    if (valid) expect(phoneSchema.safeParse(phone).success).toBe(true);
  });

  it('gives the same phone however the same number is typed', () => {
    const forms = ['07700 900123', '7700-900-123', '07700900123', '+44 7700 900 123', '0044-7700-900-123'];
    expect(new Set(forms.map((typed) => composePhone('+44', typed)))).toEqual(new Set(['+447700900123']));
  });
});

describe('defaultCountry', () => {
  const available = ['CN', 'TW', 'JP', 'US', 'GB', 'DE', 'BR', 'PT', 'LT'];
  it.each([
    [['en-US', 'en'], 'US'],
    [['en-GB'], 'GB'],
    [['zh-CN'], 'CN'],
    [['zh-TW'], 'TW'],
    [['zh-Hant'], 'TW'],
    [['zh'], 'CN'],
    [['ja'], 'JP'],
    [['de-AT', 'de'], 'DE'],
    [['pt'], 'BR'],
    [['pt-PT'], 'PT'],
    [['lt'], 'LT'],
    // A region the list does not offer: the next language decides.
    [['fr-CH', 'en-GB'], 'GB'],
    // Nothing usable: CN.
    [['sw-KE'], 'CN'],
    [['not a tag'], 'CN'],
    [[], 'CN'],
  ])('%j gives %s', (languages, expected) => {
    expect(defaultCountry(languages, available)).toBe(expected);
  });

  it('falls back to the first country when CN is not offered, and to nothing without a list', () => {
    expect(defaultCountry([], ['GB', 'US'])).toBe('GB');
    expect(defaultCountry(['en-US'], [])).toBeUndefined();
  });
});
