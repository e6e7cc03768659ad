// Every bill type the filter offers has an English label (the locales test checks the other 13 have it
// too), so no raw command name ('spot.place') is shown in the bills or the order centre.
import { describe, expect, it } from 'vitest';
import en from '../../../i18n/locales/en/wallet.json';
import { BILL_TYPES, billTypeKey } from './bill-types';

describe('bill types', () => {
  it('has a label for each type', () => {
    const labels = en.billTypes as Record<string, string>;
    for (const type of BILL_TYPES) {
      const key = billTypeKey(type).slice('billTypes.'.length);
      expect(labels[key], type).toMatch(/\S/);
    }
    expect(new Set(BILL_TYPES).size).toBe(BILL_TYPES.length);
  });
});
