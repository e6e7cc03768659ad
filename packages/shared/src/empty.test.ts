import { describe, expect, it } from 'vitest';
import { isEmpty } from './empty';

class Thing {}

describe('isEmpty', () => {
  it.each([
    ['null', null],
    ['undefined', undefined],
    ['empty string', ''],
    ["string 'null'", 'null'],
    ["string 'undefined'", 'undefined'],
    ['empty array', []],
    ['empty object', {}],
    ['null-prototype object', Object.create(null) as object],
  ])('%s is empty', (_label, value) => {
    expect(isEmpty(value)).toBe(true);
  });

  it.each([
    ['false', false],
    ['true', true],
    ['0', 0],
    ['-0', -0],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['1', 1],
    ['0n', 0n],
    ['space', ' '],
    ['whitespace-only', ' \t\n'],
    ["'NULL' (case-sensitive)", 'NULL'],
    ["'Undefined'", 'Undefined'],
    ["' null' (not trimmed)", ' null'],
    ["'0'", '0'],
    ["'false'", 'false'],
    ['text', 'abc'],
    ['array with element', [0]],
    ['array of empties', [null]],
    ['sparse array', new Array(3)],
    ['object with key', { a: undefined }],
    ['object with symbol key', { [Symbol('k')]: 1 }],
    ['object with non-enumerable key', Object.defineProperty({}, 'hidden', { value: 1 })],
    ['Date', new Date(0)],
    ['empty Map', new Map()],
    ['empty Set', new Set()],
    ['class instance', new Thing()],
    ['function', () => undefined],
    ['symbol', Symbol('x')],
  ])('%s is not empty', (_label, value) => {
    expect(isEmpty(value)).toBe(false);
  });
});
