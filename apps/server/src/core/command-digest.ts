// The idempotency digest of a command: "is this repeat the same request?" (money-state.ts). A 53-bit
// hash (two 32-bit multiply-xor lanes, cyrb53's finalizer) fed the command's type, actor and payload
// as a tagged stream: objects by sorted key as canonicalJson orders them, so the same value built in
// another key order gives the same digest, and undefined properties are skipped as canonicalJson drops
// them. It replaced sha256 over the canonical JSON text, which built a string and called into native
// code for every command (a tenth of a spot order's time in the core). Ids are per user (an id is
// derived from the user's own key or is random), so a digest only tells one user's requests apart: an
// accidental collision has a chance of 2^-53 per reused id, and crafting one only returns the user's
// own earlier answer. Pure and deterministic (a number, kept in snapshots and the state hash).
import { sortedKeysOf } from './canonical-json';

let h1 = 0;
let h2 = 0;

function mix(word: number): void {
  h1 = Math.imul(h1 ^ word, 0x9e3779b1);
  h2 = Math.imul(h2 ^ word, 0x5f356495);
}

function mixString(s: string): void {
  mix(s.length);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x9e3779b1);
    h2 = Math.imul(h2 ^ c, 0x5f356495);
  }
}

const NUMBER = new Float64Array(1);
const NUMBER_WORDS = new Int32Array(NUMBER.buffer);

// Tags: what kind of value follows (so "1" and 1, or ["a"] and "a", differ).
const T_UNDEFINED = 0x10;
const T_NULL = 0x11;
const T_STRING = 0x12;
const T_NUMBER = 0x13;
const T_FALSE = 0x14;
const T_TRUE = 0x15;
const T_BIGINT = 0x16;
const T_ARRAY = 0x17;
const T_OBJECT = 0x18;
const T_END = 0x19;

function feed(value: unknown): void {
  if (value === null) {
    mix(T_NULL);
    return;
  }
  switch (typeof value) {
    case 'string':
      mix(T_STRING);
      mixString(value);
      return;
    case 'number':
      mix(T_NUMBER);
      // -0 as 0, as canonicalJson writes it.
      NUMBER[0] = value === 0 ? 0 : value;
      mix(NUMBER_WORDS[0] as number);
      mix(NUMBER_WORDS[1] as number);
      return;
    case 'boolean':
      mix(value ? T_TRUE : T_FALSE);
      return;
    case 'bigint':
      mix(T_BIGINT);
      mixString(value.toString());
      return;
    case 'object': {
      if (Array.isArray(value)) {
        mix(T_ARRAY);
        mix(value.length);
        // A hole or undefined is null, as canonicalJson writes it.
        for (let i = 0; i < value.length; i++) feed(value[i] ?? null);
        return;
      }
      mix(T_OBJECT);
      const record = value as Record<string, unknown>;
      const keys = sortedKeysOf(record);
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i] as string;
        const v = record[key];
        if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue;
        mixString(key);
        feed(v);
      }
      mix(T_END);
      return;
    }
    default:
      mix(T_UNDEFINED);
  }
}

/** The digest of (type, actor, payload): a non-negative integer below 2^53. */
export function commandDigest(type: unknown, actor: unknown, payload: unknown): number {
  h1 = 0xdeadbeef;
  h2 = 0x41c6ce57;
  feed(type);
  feed(actor);
  feed(payload);
  let a = h1;
  let b = h2;
  a = Math.imul(a ^ (a >>> 16), 2246822507);
  a ^= Math.imul(b ^ (b >>> 13), 3266489909);
  b = Math.imul(b ^ (b >>> 16), 2246822507);
  b ^= Math.imul(a ^ (a >>> 13), 3266489909);
  return 4294967296 * (0x1fffff & b) + (a >>> 0);
}
