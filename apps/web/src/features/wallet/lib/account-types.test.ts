import { describe, expect, it } from 'vitest';
import { movableAccountTypes, visibleAccountTypes } from './account-types';

describe('account types', () => {
  it("shows the merchant account '8' only to merchants and '0' only as a view", () => {
    expect(visibleAccountTypes(false)).toEqual(['0', '1', '2', '3']);
    expect(visibleAccountTypes(true)).toEqual(['0', '1', '2', '3', '8']);
    expect(movableAccountTypes(false)).not.toContain('0');
    expect(movableAccountTypes(true)).toContain('8');
  });
});
