import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryArea, createStorage, type StorageAreas, storageKey } from './storage';

let areas: StorageAreas;
let clock = 1_000;
const store = () => createStorage(areas, () => clock);

beforeEach(() => {
  areas = { local: createMemoryArea(), session: createMemoryArea() };
  clock = 1_000;
});

describe('storage', () => {
  it('prefixes keys with coin_web and wraps values in the spec entry format', () => {
    store().set('lang', 'zh');
    expect(storageKey('lang')).toBe('coin_web-lang');
    expect(JSON.parse(areas.local.getItem('coin_web-lang') ?? '')).toEqual({
      dataType: 'string',
      content: 'zh',
      type: 'local',
      datetime: 1_000,
    });
  });

  it('round-trips strings, numbers, booleans, objects and arrays', () => {
    const s = store();
    s.set('a', 'x');
    s.set('b', 42);
    s.set('c', false);
    s.set('d', { n: 1 });
    s.set('e', [1, 2]);
    expect([s.get('a'), s.get('b'), s.get('c'), s.get('d'), s.get('e')]).toEqual([
      'x',
      42,
      false,
      { n: 1 },
      [1, 2],
    ]);
    expect(s.getEntry('e')?.dataType).toBe('array');
    expect(s.getEntry('d')?.dataType).toBe('object');
  });

  it('writes session entries to sessionStorage and keeps a key in one area only', () => {
    const s = store();
    s.set('k', 'local');
    s.set('k', 'session', 'session');
    expect(areas.local.getItem('coin_web-k')).toBeNull();
    expect(s.getEntry('k')).toMatchObject({ content: 'session', type: 'session' });
  });

  it('records the write time as datetime (the token age is measured from it)', () => {
    const s = store();
    clock = 5_000;
    s.set('token', 't');
    expect(s.getEntry('token')?.datetime).toBe(5_000);
    s.set('token', 't', 'local', 42);
    expect(s.getEntry('token')?.datetime).toBe(42);
  });

  it('returns undefined for missing keys and drops corrupt entries', () => {
    const s = store();
    expect(s.get('nope')).toBeUndefined();
    areas.local.setItem('coin_web-bad', '{not json');
    areas.local.setItem('coin_web-raw', JSON.stringify('plain'));
    expect(s.get('bad')).toBeUndefined();
    expect(s.get('raw')).toBeUndefined();
    expect(areas.local.getItem('coin_web-bad')).toBeNull();
    expect(areas.local.getItem('coin_web-raw')).toBeNull();
  });

  it('remove clears both areas; clearAll only touches coin_web keys', () => {
    const s = store();
    s.set('a', 1);
    s.set('b', 2, 'session');
    areas.local.setItem('other-app', 'keep');
    s.remove('a');
    expect(s.get('a')).toBeUndefined();
    s.clearAll();
    expect(s.get('b')).toBeUndefined();
    expect(areas.local.getItem('other-app')).toBe('keep');
  });

  it('survives a storage area that throws (privacy mode)', () => {
    const broken = {
      ...createMemoryArea(),
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
    };
    const s = createStorage({ local: broken, session: broken });
    expect(() => s.set('a', 1)).not.toThrow();
    expect(s.get('a')).toBeUndefined();
  });
});
