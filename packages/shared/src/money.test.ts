import { describe, expect, it } from 'vitest';
import {
  type Amount,
  abs,
  add,
  amountFromAtoms,
  cmp,
  div,
  formatAmount,
  isNegative,
  isPositive,
  isZero,
  MoneyError,
  max,
  min,
  mul,
  neg,
  parseAmount,
  type RoundingMode,
  roundDiv,
  roundTo,
  splitByRatio,
  sub,
  tryParseAmount,
  ZERO,
} from './money';

const A = (s: string): Amount => parseAmount(s);
const F = (a: Amount): string => formatAmount(a);
const MODES: readonly RoundingMode[] = ['down', 'up', 'halfEven'];

function moneyErrorCode(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    if (error instanceof MoneyError) return error.code;
    throw error;
  }
  return undefined;
}

// Deterministic PRNG (mulberry32) so property checks are reproducible.
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomInt(rand: () => number, bound: number): number {
  return Math.floor(rand() * bound);
}

function randomBigint(rand: () => number, maxDigits: number, signed = true): bigint {
  const digits = 1 + randomInt(rand, maxDigits);
  let s = '';
  for (let i = 0; i < digits; i++) s += String(randomInt(rand, 10));
  const value = BigInt(s);
  return signed && rand() < 0.5 ? -value : value;
}

// Independent reference for rounding: floor division plus an exact comparison of the fractional part.
function referenceRoundDiv(n: bigint, d: bigint, mode: RoundingMode): bigint {
  const [num, den] = d < 0n ? [-n, -d] : [n, d];
  let floor = num / den;
  if (num % den !== 0n && num < 0n) floor -= 1n;
  const frac = num - floor * den; // 0 <= frac < den
  if (frac === 0n) return floor;
  const nonNegative = num >= 0n;
  if (mode === 'down') return nonNegative ? floor : floor + 1n;
  if (mode === 'up') return nonNegative ? floor + 1n : floor;
  if (2n * frac < den) return floor;
  if (2n * frac > den) return floor + 1n;
  return floor % 2n === 0n ? floor : floor + 1n;
}

describe('parseAmount', () => {
  it.each([
    ['0', 0n],
    ['-0', 0n],
    ['00', 0n],
    ['0.0', 0n],
    ['1', 10n ** 18n],
    ['-1', -(10n ** 18n)],
    ['007', 7n * 10n ** 18n],
    ['1.5', 15n * 10n ** 17n],
    ['-1.5', -15n * 10n ** 17n],
    ['0.000000000000000001', 1n],
    ['-0.000000000000000001', -1n],
    ['123456789012345678901234567890.123456789012345678', 123456789012345678901234567890123456789012345678n],
    ['1.000000000000000000000', 10n ** 18n], // trailing zeros beyond 18 places are exact
  ])('%j -> %s atoms', (input, atoms) => {
    expect(parseAmount(input)).toBe(atoms);
  });

  it.each([
    '',
    '-',
    '.',
    '.5',
    '5.',
    '+1',
    '--1',
    '1e5',
    '1E-5',
    '0x10',
    '1,000',
    '1_000',
    ' 1',
    '1 ',
    '1.2.3',
    'NaN',
    'Infinity',
    '-Infinity',
    '١',
    '１',
  ])('rejects %j with AMOUNT_INVALID', (input) => {
    expect(moneyErrorCode(() => parseAmount(input))).toBe('AMOUNT_INVALID');
    expect(tryParseAmount(input)).toEqual({ ok: false, code: 'AMOUNT_INVALID' });
  });

  it('rejects a non-string at runtime with AMOUNT_INVALID', () => {
    expect(tryParseAmount(1 as unknown as string)).toEqual({ ok: false, code: 'AMOUNT_INVALID' });
  });

  it.each([
    ['0.0000000000000000001', 18],
    ['1.123', 2],
    ['1.5', 0],
    ['-1.001', 2],
    ['0.000000001', 8],
  ])('rejects %j at %i decimals with AMOUNT_TOO_MANY_DECIMALS (never rounds)', (input, maxDecimals) => {
    expect(moneyErrorCode(() => parseAmount(input, maxDecimals))).toBe('AMOUNT_TOO_MANY_DECIMALS');
    expect(tryParseAmount(input, maxDecimals)).toEqual({ ok: false, code: 'AMOUNT_TOO_MANY_DECIMALS' });
  });

  it.each([
    ['1.12', 2, '1.12'],
    ['1.120', 2, '1.12'], // trailing zeros are not extra precision
    ['1.500000', 1, '1.5'],
    ['5.000', 0, '5'],
    ['12', 0, '12'],
    ['0.00000001', 8, '0.00000001'],
  ])('accepts %j at %i decimals', (input, maxDecimals, canonical) => {
    expect(F(parseAmount(input, maxDecimals))).toBe(canonical);
    expect(tryParseAmount(input, maxDecimals)).toEqual({ ok: true, value: parseAmount(input) });
  });

  it.each([-1, 19, 1.5, Number.NaN])('rejects maxDecimals %s as a programming error', (maxDecimals) => {
    expect(() => parseAmount('1', maxDecimals)).toThrow();
    expect(() => parseAmount('1', maxDecimals)).not.toThrow(MoneyError);
  });

  it('MoneyError is an Error with a stable code and the input in its message', () => {
    try {
      parseAmount('abc');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(Error);
      expect(error).toBeInstanceOf(MoneyError);
      expect((error as MoneyError).code).toBe('AMOUNT_INVALID');
      expect((error as MoneyError).message).toContain('"abc"');
    }
  });
});

describe('formatAmount', () => {
  it.each([
    ['0', '0'],
    ['-0', '0'],
    ['1', '1'],
    ['-1', '-1'],
    ['1.50', '1.5'],
    ['007.100', '7.1'],
    ['0.000000000000000001', '0.000000000000000001'],
    ['-0.000000000000000001', '-0.000000000000000001'],
    ['100000000000000000000', '100000000000000000000'], // no exponent however large
    ['99999999999999999999.999999999999999999', '99999999999999999999.999999999999999999'],
  ])('canonical %j -> %j', (input, expected) => {
    expect(F(A(input))).toBe(expected);
  });

  it.each([
    ['1.239', 2, '1.23'],
    ['1.999', 2, '1.99'],
    ['-1.999', 2, '-1.99'], // toward zero, not floor
    ['1', 2, '1.00'],
    ['0', 2, '0.00'],
    ['-0.001', 2, '0.00'], // truncates to zero: no '-0.00'
    ['-0.01', 2, '-0.01'],
    ['12.5', 0, '12'],
    ['-12.5', 0, '-12'],
    ['-0.5', 0, '0'],
    ['0.000000000000000001', 18, '0.000000000000000001'],
    ['1.5', 18, '1.500000000000000000'],
    ['123.456', 8, '123.45600000'],
  ])('%j at %i places -> %j', (input, decimals, expected) => {
    expect(formatAmount(A(input), decimals)).toBe(expected);
  });

  it.each([-1, 19, 2.5])('rejects decimals %s', (decimals) => {
    expect(() => formatAmount(A('1'), decimals)).toThrow();
  });
});

describe('roundDiv', () => {
  it.each([
    // [n, d, down, up, halfEven]
    [7n, 2n, 3n, 4n, 4n], // 3.5 -> even 4
    [5n, 2n, 2n, 3n, 2n], // 2.5 -> even 2
    [-5n, 2n, -2n, -3n, -2n],
    [-7n, 2n, -3n, -4n, -4n],
    [5n, -2n, -2n, -3n, -2n],
    [-5n, -2n, 2n, 3n, 2n],
    [10n, 3n, 3n, 4n, 3n], // 3.33
    [20n, 3n, 6n, 7n, 7n], // 6.67
    [-20n, 3n, -6n, -7n, -7n],
    [6n, 3n, 2n, 2n, 2n], // exact
    [0n, 5n, 0n, 0n, 0n],
    [1n, 3n, 0n, 1n, 0n],
    [-1n, 3n, 0n, -1n, 0n],
    [1n, 2n, 0n, 1n, 0n], // 0.5 -> even 0
    [3n, 2n, 1n, 2n, 2n], // 1.5 -> even 2
  ])('%s / %s -> down %s, up %s, halfEven %s', (n, d, down, up, halfEven) => {
    expect(roundDiv(n, d, 'down')).toBe(down);
    expect(roundDiv(n, d, 'up')).toBe(up);
    expect(roundDiv(n, d, 'halfEven')).toBe(halfEven);
  });

  it.each(MODES)('throws DIVISION_BY_ZERO in mode %s', (mode) => {
    expect(moneyErrorCode(() => roundDiv(1n, 0n, mode))).toBe('DIVISION_BY_ZERO');
  });

  it('matches an independent reference on 5000 random cases', () => {
    const rand = prng(1);
    for (let i = 0; i < 5000; i++) {
      const n = randomBigint(rand, 30);
      let d = randomBigint(rand, i % 2 === 0 ? 3 : 20);
      if (d === 0n) d = 1n;
      for (const mode of MODES) expect(roundDiv(n, d, mode)).toBe(referenceRoundDiv(n, d, mode));
    }
  });

  it('agrees with the reference on exact ties', () => {
    for (let n = -41n; n <= 41n; n++) {
      for (const mode of MODES) expect(roundDiv(n, 2n, mode)).toBe(referenceRoundDiv(n, 2n, mode));
    }
  });
});

describe('add / sub / neg / abs', () => {
  it.each([
    ['0.1', '0.2', '0.3', '-0.1'], // the classic float failure is exact here
    ['1', '-1', '0', '2'],
    ['-0.000000000000000001', '0.000000000000000001', '0', '-0.000000000000000002'],
    [
      '99999999999999999999.999999999999999999',
      '0.000000000000000001',
      '100000000000000000000',
      '99999999999999999999.999999999999999998',
    ],
  ])('%s and %s -> sum %s, difference %s', (a, b, sum, difference) => {
    expect(F(add(A(a), A(b)))).toBe(sum);
    expect(F(sub(A(a), A(b)))).toBe(difference);
  });

  it.each([
    ['0', '0', '0'],
    ['1.5', '-1.5', '1.5'],
    ['-1.5', '1.5', '1.5'],
  ])('neg(%s) = %s, abs = %s', (a, negated, absolute) => {
    expect(F(neg(A(a)))).toBe(negated);
    expect(F(abs(A(a)))).toBe(absolute);
  });
});

describe('mul', () => {
  it.each([
    // [a, b, down, up, halfEven]
    ['2', '3', '6', '6', '6'],
    ['1.5', '1.5', '2.25', '2.25', '2.25'],
    ['0.1', '0.1', '0.01', '0.01', '0.01'],
    ['100', '0.001', '0.1', '0.1', '0.1'],
    ['-2', '3', '-6', '-6', '-6'],
    ['-2', '-3', '6', '6', '6'],
    ['0', '123.45', '0', '0', '0'],
    // 1e-18 * 0.5 = 5e-19: a tie below one atom
    ['0.000000000000000001', '0.5', '0', '0.000000000000000001', '0'],
    ['0.000000000000000003', '0.5', '0.000000000000000001', '0.000000000000000002', '0.000000000000000002'],
    [
      '-0.000000000000000003',
      '0.5',
      '-0.000000000000000001',
      '-0.000000000000000002',
      '-0.000000000000000002',
    ],
    ['0.000000000000000001', '0.4', '0', '0.000000000000000001', '0'],
    ['0.000000000000000001', '0.6', '0', '0.000000000000000001', '0.000000000000000001'],
    ['0.333333333333333333', '3', '0.999999999999999999', '0.999999999999999999', '0.999999999999999999'],
    ['12345.678', '0.001', '12.345678', '12.345678', '12.345678'],
  ])('%s x %s -> down %s, up %s, halfEven %s', (a, b, down, up, halfEven) => {
    expect(F(mul(A(a), A(b), 'down'))).toBe(down);
    expect(F(mul(A(a), A(b), 'up'))).toBe(up);
    expect(F(mul(A(a), A(b), 'halfEven'))).toBe(halfEven);
  });

  it('is within one atom of the exact product, on the side the mode promises', () => {
    const rand = prng(2);
    const one = 10n ** 18n;
    for (let i = 0; i < 2000; i++) {
      const a = amountFromAtoms(randomBigint(rand, 30));
      const b = amountFromAtoms(randomBigint(rand, 24));
      const exact = a * b; // at scale 36
      const down = mul(a, b, 'down');
      const up = mul(a, b, 'up');
      const even = mul(a, b, 'halfEven');
      const absExact = exact < 0n ? -exact : exact;
      expect(abs(down) * one <= absExact).toBe(true);
      expect(abs(up) * one >= absExact).toBe(true);
      expect(abs(sub(up, down)) <= 1n).toBe(true);
      expect(even === down || even === up).toBe(true);
      expect(mul(b, a, 'halfEven')).toBe(even); // commutative
    }
  });
});

describe('div', () => {
  it.each([
    // [a, b, down, up, halfEven]
    ['6', '3', '2', '2', '2'],
    ['1', '4', '0.25', '0.25', '0.25'],
    ['1', '3', '0.333333333333333333', '0.333333333333333334', '0.333333333333333333'],
    ['2', '3', '0.666666666666666666', '0.666666666666666667', '0.666666666666666667'],
    ['-2', '3', '-0.666666666666666666', '-0.666666666666666667', '-0.666666666666666667'],
    ['2', '-3', '-0.666666666666666666', '-0.666666666666666667', '-0.666666666666666667'],
    ['0.000000000000000001', '2', '0', '0.000000000000000001', '0'],
    ['0.000000000000000003', '2', '0.000000000000000001', '0.000000000000000002', '0.000000000000000002'],
    ['0', '7', '0', '0', '0'],
    [
      '100',
      '0.000000000000000001',
      '100000000000000000000',
      '100000000000000000000',
      '100000000000000000000',
    ],
  ])('%s / %s -> down %s, up %s, halfEven %s', (a, b, down, up, halfEven) => {
    expect(F(div(A(a), A(b), 'down'))).toBe(down);
    expect(F(div(A(a), A(b), 'up'))).toBe(up);
    expect(F(div(A(a), A(b), 'halfEven'))).toBe(halfEven);
  });

  it.each(MODES)('throws DIVISION_BY_ZERO in mode %s', (mode) => {
    expect(moneyErrorCode(() => div(A('1'), ZERO, mode))).toBe('DIVISION_BY_ZERO');
    expect(moneyErrorCode(() => div(ZERO, ZERO, mode))).toBe('DIVISION_BY_ZERO');
  });

  it('div then mul recovers the dividend within rounding bounds', () => {
    const rand = prng(3);
    for (let i = 0; i < 2000; i++) {
      const a = amountFromAtoms(randomBigint(rand, 30));
      let b = amountFromAtoms(randomBigint(rand, 22));
      if (isZero(b)) b = A('1');
      const q = div(a, b, 'down');
      // |q*b| <= |a| < |(q + sign)*b| when truncating toward zero
      const exact = q * b; // scale 36
      const scaledA = a * 10n ** 18n;
      expect((exact < 0n ? -exact : exact) <= (scaledA < 0n ? -scaledA : scaledA)).toBe(true);
      expect(div(a, b, 'halfEven')).toBe(referenceRoundDiv(a * 10n ** 18n, b, 'halfEven'));
    }
  });
});

describe('roundTo', () => {
  it.each([
    // [a, decimals, down, up, halfEven]
    ['1.005', 2, '1', '1.01', '1'],
    ['1.015', 2, '1.01', '1.02', '1.02'],
    ['1.0151', 2, '1.01', '1.02', '1.02'],
    ['-1.015', 2, '-1.01', '-1.02', '-1.02'],
    ['2.5', 0, '2', '3', '2'],
    ['3.5', 0, '3', '4', '4'],
    ['1.23', 18, '1.23', '1.23', '1.23'],
    ['0.00000000123', 8, '0.00000000', '0.00000001', '0.00000000'],
  ])('%s to %i places -> down %s, up %s, halfEven %s', (a, decimals, down, up, halfEven) => {
    expect(F(roundTo(A(a), decimals, 'down'))).toBe(F(A(down)));
    expect(F(roundTo(A(a), decimals, 'up'))).toBe(F(A(up)));
    expect(F(roundTo(A(a), decimals, 'halfEven'))).toBe(F(A(halfEven)));
  });
});

describe('comparisons', () => {
  it.each([
    ['1', '2', -1],
    ['2', '1', 1],
    ['1.0', '1', 0],
    ['-1', '0', -1],
    ['-0', '0', 0],
    ['0.000000000000000001', '0', 1],
    ['-1.5', '-1.4', -1],
  ])('cmp(%s, %s) = %i, min/max agree', (a, b, expected) => {
    expect(cmp(A(a), A(b))).toBe(expected);
    expect(cmp(A(b), A(a))).toBe(-expected || 0);
    expect(min(A(a), A(b))).toBe(expected <= 0 ? A(a) : A(b));
    expect(max(A(a), A(b))).toBe(expected >= 0 ? A(a) : A(b));
  });

  it.each([
    ['0', true, false, false],
    ['-0', true, false, false],
    ['0.000000000000000001', false, false, true],
    ['-0.000000000000000001', false, true, false],
    ['5', false, false, true],
    ['-5', false, true, false],
  ])('%s: isZero %s, isNegative %s, isPositive %s', (a, zero, negative, positive) => {
    expect(isZero(A(a))).toBe(zero);
    expect(isNegative(A(a))).toBe(negative);
    expect(isPositive(A(a))).toBe(positive);
  });

  it('ZERO is zero', () => {
    expect(ZERO).toBe(0n);
    expect(F(ZERO)).toBe('0');
  });
});

describe('splitByRatio', () => {
  it.each([
    // [total, weights, unitDecimals, expected parts]
    ['100', [9n, 1n], 18, ['90', '10']], // the 90/10 fee split
    ['1', [9n, 1n], 18, ['0.9', '0.1']],
    ['0.000000000000000001', [9n, 1n], 18, ['0.000000000000000001', '0']], // remainder to the first part
    ['0.000000000000000019', [9n, 1n], 18, ['0.000000000000000018', '0.000000000000000001']],
    ['1.00000001', [9n, 1n], 8, ['0.90000001', '0.1']],
    ['0.00000001', [9n, 1n], 8, ['0.00000001', '0']],
    ['0.000000019', [9n, 1n], 8, ['0.000000019', '0']], // sub-unit dust goes to the first part
    ['1', [1n, 1n, 1n], 18, ['0.333333333333333334', '0.333333333333333333', '0.333333333333333333']],
    ['1', [1n, 1n, 1n], 2, ['0.34', '0.33', '0.33']],
    ['10', [1n], 18, ['10']],
    ['10', [0n, 1n], 18, ['0', '10']], // a zero weight never receives the remainder
    ['0.01', [0n, 1n, 1n], 2, ['0', '0.01', '0']],
    ['0', [9n, 1n], 18, ['0', '0']],
    ['-100', [9n, 1n], 18, ['-90', '-10']],
    ['-1', [1n, 1n, 1n], 2, ['-0.34', '-0.33', '-0.33']],
    ['7', [2n, 3n, 5n], 0, ['2', '2', '3']],
  ])('%s by %s at %i places -> %j', (total, weights, unitDecimals, expected) => {
    const parts = splitByRatio(A(total), weights, unitDecimals);
    expect(parts.map(F)).toEqual(expected);
    expect(F(parts.reduce(add, ZERO))).toBe(F(A(total)));
  });

  it.each<[bigint[]]>([[[]], [[0n]], [[0n, 0n]], [[-1n, 2n]]])(
    'rejects weights %s with RATIO_INVALID',
    (weights) => {
      expect(moneyErrorCode(() => splitByRatio(A('1'), weights))).toBe('RATIO_INVALID');
    },
  );

  it('always sums exactly to the total, is proportional within one unit, and is sign-symmetric', () => {
    const rand = prng(4);
    for (let i = 0; i < 2000; i++) {
      const total = amountFromAtoms(randomBigint(rand, 28));
      const count = 1 + randomInt(rand, 5);
      const weights = Array.from({ length: count }, () => BigInt(randomInt(rand, 12)));
      if (!weights.some((w) => w > 0n)) weights[0] = 1n;
      const unitDecimals = randomInt(rand, 19);
      const unit = 10n ** BigInt(18 - unitDecimals);
      const parts = splitByRatio(total, weights, unitDecimals);
      expect(parts).toHaveLength(count);
      expect(parts.reduce((sum, part) => sum + part, 0n)).toBe(total);
      const weightSum = weights.reduce((sum, w) => sum + w, 0n);
      const first = weights.findIndex((w) => w > 0n);
      parts.forEach((part, j) => {
        const w = weights[j] ?? 0n;
        if (j !== first) {
          expect(part % unit).toBe(0n); // whole units only
          // Within one unit of the exact share of the whole-unit part of the total (dust goes to `first`).
          const exactScaled = (total / unit) * unit * w;
          const error = part * weightSum - exactScaled;
          expect((error < 0n ? -error : error) < unit * weightSum).toBe(true);
        }
        if (total !== 0n && part !== 0n) expect(part < 0n).toBe(total < 0n);
        if (w === 0n) expect(part).toBe(0n);
      });
      expect(splitByRatio(neg(total), weights, unitDecimals)).toEqual(parts.map(neg));
    }
  });
});

describe('round trips', () => {
  it('parseAmount(formatAmount(a)) === a for random amounts', () => {
    const rand = prng(5);
    for (let i = 0; i < 3000; i++) {
      const a = amountFromAtoms(randomBigint(rand, 40));
      expect(parseAmount(formatAmount(a))).toBe(a);
    }
  });

  it('formatAmount with places truncates toward zero by less than one place', () => {
    const rand = prng(6);
    for (let i = 0; i < 3000; i++) {
      const a = amountFromAtoms(randomBigint(rand, 30));
      const places = randomInt(rand, 19);
      const shown = parseAmount(formatAmount(a, places));
      expect(abs(shown) <= abs(a)).toBe(true);
      expect(abs(sub(a, shown)) < 10n ** BigInt(18 - places)).toBe(true);
      expect(shown).toBe(roundTo(a, places, 'down'));
    }
  });

  it('add and sub are inverse and cmp is antisymmetric', () => {
    const rand = prng(7);
    for (let i = 0; i < 3000; i++) {
      const a = amountFromAtoms(randomBigint(rand, 38));
      const b = amountFromAtoms(randomBigint(rand, 38));
      expect(sub(add(a, b), b)).toBe(a);
      expect(add(a, b)).toBe(add(b, a));
      expect(cmp(a, b)).toBe(-cmp(b, a) || 0);
      expect(parseAmount(formatAmount(a)) === a).toBe(true);
    }
  });
});
