// Deterministic JSON: object keys sorted, no whitespace, undefined properties dropped. Used for the
// idempotency digest of a command and for the state hash, so two equal values always give one string
// no matter in which order their properties were created.

/** JSON.stringify of a string, without the call for the usual plain ASCII (nothing to escape). */
function quote(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) return JSON.stringify(s);
  }
  return `"${s}"`;
}

/** Sorts keys in place by UTF-16 code units, as Array.prototype.sort does; insertion sort for few keys. */
function sortKeys(keys: string[]): string[] {
  if (keys.length > 16) return keys.sort();
  for (let i = 1; i < keys.length; i++) {
    const k = keys[i] as string;
    let j = i - 1;
    while (j >= 0 && (keys[j] as string) > k) {
      keys[j + 1] = keys[j] as string;
      j--;
    }
    keys[j + 1] = k;
  }
  return keys;
}

/**
 * The key orders of recently seen object shapes: objects of one kind (command payloads, snapshot rows)
 * repeat their keys in the same order, so the sort and the quoting of the keys are done once per shape.
 * An entry holds the keys as Object.keys gave them, the sorted keys, and each sorted key's JSON prefix
 * (`"key":`, and with a leading comma). Direct-mapped by key count and first key; a cache only (the output
 * is the same string as without it).
 */
interface Shape {
  keys: string[];
  sorted: string[];
  first: string[];
  next: string[];
}
const SHAPE_SLOTS = 64;
const shapes: (Shape | undefined)[] = new Array(SHAPE_SLOTS).fill(undefined);

function shapeOf(keys: string[]): Shape {
  const n = keys.length;
  const k0 = keys[0] as string;
  const slot = (n * 7 + k0.length * 31 + k0.charCodeAt(0)) & (SHAPE_SLOTS - 1);
  const cached = shapes[slot];
  if (cached !== undefined && cached.keys.length === n) {
    const ck = cached.keys;
    let i = 0;
    while (i < n && ck[i] === keys[i]) i++;
    if (i === n) return cached;
  }
  const sorted = sortKeys(keys.slice());
  const first = sorted.map((k) => `${quote(k)}:`);
  const shape: Shape = { keys, sorted, first, next: first.map((f) => `,${f}`) };
  shapes[slot] = shape;
  return shape;
}

/** An object's own keys sorted as canonicalJson writes them (through the same shape cache; do not modify). */
export function sortedKeysOf(record: object): readonly string[] {
  const keys = Object.keys(record);
  return keys.length === 0 ? keys : shapeOf(keys).sorted;
}

export function canonicalJson(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return quote(value);
    case 'number':
      // NaN and Infinity would silently become null in JSON; the core validates numbers before this.
      // For finite numbers String() is JSON's number form (-0 -> "0", exponents as "1e+21").
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      return JSON.stringify(value.toString());
    case 'object': {
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i++) out += (i === 0 ? '' : ',') + canonicalJson(value[i] ?? null);
        return `${out}]`;
      }
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record);
      if (keys.length === 0) return '{}';
      const shape = shapeOf(keys);
      const sorted = shape.sorted;
      let out = '{';
      let first = true;
      for (let i = 0; i < sorted.length; i++) {
        const v = record[sorted[i] as string];
        if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue;
        out += (first ? shape.first[i] : shape.next[i]) + canonicalJson(v);
        first = false;
      }
      return `${out}}`;
    }
    default:
      return 'null';
  }
}
