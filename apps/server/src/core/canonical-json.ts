// Deterministic JSON: object keys sorted, no whitespace, undefined properties dropped. Used for the
// idempotency digest of a command and for the state hash, so two equal values always give one string
// no matter in which order their properties were created.

export function canonicalJson(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      // NaN and Infinity would silently become null in JSON; the core validates numbers before this.
      return Number.isFinite(value) ? JSON.stringify(value) : 'null';
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
      const keys = Object.keys(record).sort();
      let out = '{';
      let first = true;
      for (const key of keys) {
        const v = record[key];
        if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue;
        out += `${first ? '' : ','}${JSON.stringify(key)}:${canonicalJson(v)}`;
        first = false;
      }
      return `${out}}`;
    }
    default:
      return 'null';
  }
}
