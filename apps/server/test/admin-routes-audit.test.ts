// Every operator route of the running app, and the proof that none of them sets a price, an outcome or a
// per-user win rate (DESIGN section 1: "no operator override of prices or outcomes"; issue 12).
//
// 1. The routes are listed from Fastify's own route tree (printRoutes), so a route cannot hide from the
//    scan, and each must appear in the OpenAPI document with its schemas.
// 2. No admin path segment and no body, query or path field is named like a price, an outcome, a result,
//    a win, odds, a probability, a tick, an entry or exit, a profit or payout, a settlement, or a rate,
//    except the reviewed fields in ALLOWED (each with the reason it cannot decide a contract's outcome).
//    No admin route combines a user field with a rate-like one (a per-user win rate).
// 3. Every admin write route that takes a body refuses one carrying price/outcome/winRate fields (strict
//    schemas) and nothing in the money core changes; the write routes without a body are the reviewed
//    BODYLESS list.
// 4. No route at all (admin or not) writes ticks, prices or settlements: their only routes are reads.
// A new admin route passes without edits unless it has such a field; then review it and add it to
// ALLOWED with its reason, or (better) take the field out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, bootstrapAdmin, call, createTestApp, type TestContext } from './helpers';

interface Route {
  method: string;
  path: string;
}

/** Full paths and methods from Fastify's route tree (printRoutes with commonPrefix false). */
function routesOf(tree: string): Route[] {
  const out: Route[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = (m[1] ?? '').length / 4;
    const segment = m[2] ?? '';
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + segment;
    stack.push(path);
    for (const method of (m[3] ?? '').split(',').map((s) => s.trim())) {
      if (method !== '' && method !== 'HEAD' && method !== 'OPTIONS') out.push({ method, path });
    }
  }
  return out;
}

const toOpenApi = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const FORBIDDEN = /price|outcome|result|win|odds|probab|tick|entry|exit|profit|payout|settle|rate|force/i;
/** A field naming one user (not a per-user limit such as an earn product's `userLimit`). */
const USER_FIELD = /^(user|userId|uid|account|accountId|member|memberId|users|userIds)$/i;

/** Reviewed fields whose names match FORBIDDEN, and why none of them decides an outcome. */
const ALLOWED: Record<string, string> = {
  'POST /api/admin/margin/pool/{coin} hourlyRate':
    "a lending pool's hourly interest rate: the same for every borrower, public in getDepositRate, copied " +
    'onto new loans only; it prices borrowing and decides no trade, level or liquidation',
  'PUT /api/admin/seconds/periods/{periodId} rate':
    "a period's payout rate: the same for every user, public in /api/period/list, applied by the core to new " +
    'orders only; it sets what a win pays, never whether a contract wins',
  'PUT /api/admin/settings/currencies rate':
    'display-currency exchange rates: used only to show values in a fiat currency, never to move money',
  'POST /api/admin/market/coins initialPrice':
    "the simulator's starting point for a coin that has never been priced; ignored once ticks exist " +
    '(docs/market.md): no route changes a live price',
  'POST /api/admin/market/coins priceDecimals':
    "the number of decimals of a market's prices (display/tick size)",
  'PUT /api/admin/market/markets/{symbol} priceDecimals':
    "the number of decimals of a market's prices (display/tick size)",
  'POST /api/admin/earn/products dailyRate':
    "an earn product's stated daily interest: the same for every subscriber, public in the product list, " +
    'applied by the core to the principal; it decides no market outcome',
  'POST /api/admin/earn/products payout':
    "an earn product's payout schedule (daily or at maturity), public in the product list",
  'POST /api/admin/earn/products earlyPenaltyRate':
    "an earn product's stated early-redemption penalty, shown to the user before confirming",
  'POST /api/admin/earn/products overdueRate':
    "a loan product's stated overdue penalty rate, public in the product list",
  'PUT /api/admin/earn/products/{id} dailyRate':
    "an earn product's stated daily interest: the same for every subscriber, public in the product list, " +
    'applied by the core to the principal; it decides no market outcome',
  'PUT /api/admin/earn/products/{id} payout':
    "an earn product's payout schedule (daily or at maturity), public in the product list",
  'PUT /api/admin/earn/products/{id} earlyPenaltyRate':
    "an earn product's stated early-redemption penalty, shown to the user before confirming",
  'PUT /api/admin/earn/products/{id} overdueRate':
    "a loan product's stated overdue penalty rate, public in the product list",
};

/** Write routes without a body schema; reviewed: their handlers read no body. */
const BODYLESS = new Set([
  'POST /api/admin/auth/logout',
  'PUT /api/admin/settings/{key}',
  'DELETE /api/admin/settings/{key}',
  'POST /api/admin/market/coins/{coin}/enable',
  'POST /api/admin/market/coins/{coin}/disable',
  'POST /api/admin/market/markets/{symbol}/enable',
  'POST /api/admin/market/markets/{symbol}/disable',
  'POST /api/admin/support/threads/{chatKey}/close',
  'POST /api/admin/support/threads/{chatKey}/reopen',
  'DELETE /api/admin/support/canned/{id}',
  // multipart: one image file, checked by its magic bytes (docs/chat.md)
  'POST /api/admin/support/threads/{chatKey}/images',
]);

interface Operation {
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content?: Record<string, { schema?: unknown }> };
}

function fieldNames(schema: unknown, out = new Set<string>()): Set<string> {
  if (schema === null || typeof schema !== 'object') return out;
  const s = schema as Record<string, unknown>;
  if (s.properties && typeof s.properties === 'object') {
    for (const [k, v] of Object.entries(s.properties as Record<string, unknown>)) {
      out.add(k);
      fieldNames(v, out);
    }
  }
  for (const k of ['items', 'anyOf', 'oneOf', 'allOf', 'additionalProperties', 'propertyNames']) {
    const v = s[k];
    if (Array.isArray(v)) for (const x of v) fieldNames(x, out);
    else fieldNames(v, out);
  }
  return out;
}

let ctx: TestContext;
let routes: Route[];
let admin: Array<Route & { op: Operation; fields: string[] }>;
let token: string;
beforeAll(async () => {
  ctx = await createTestApp({ SECONDS_SETTLE_INTERVAL_MS: '0' });
  token = (await bootstrapAdmin(ctx.app)).token;
  routes = routesOf(ctx.app.printRoutes({ commonPrefix: false }));
  const doc = ctx.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  admin = routes
    .filter((r) => r.path.startsWith('/api/admin'))
    .map((r) => {
      const path = toOpenApi(r.path);
      const op = doc.paths[path]?.[r.method.toLowerCase()];
      if (op === undefined) throw new Error(`${r.method} ${path} is not in the OpenAPI document`);
      const fields = new Set<string>();
      for (const c of Object.values(op.requestBody?.content ?? {})) fieldNames(c.schema, fields);
      for (const p of op.parameters ?? []) fields.add(p.name);
      return { method: r.method, path, op, fields: [...fields] };
    });
});
afterAll(async () => ctx.close());

describe('operator routes', () => {
  it('lists every admin route from the route tree (each one in the API document)', () => {
    const list = admin.map((r) => `${r.method} ${r.path}`);
    console.log(`admin routes (${list.length}):\n  ${list.join('\n  ')}`);
    // The scan sees the whole console, including the seconds routes.
    expect(list.length).toBeGreaterThan(40);
    for (const must of [
      'GET /api/admin/seconds',
      'PUT /api/admin/seconds/periods/{periodId}',
      'POST /api/admin/seconds/pool',
      'POST /api/admin/adjustments',
      'POST /api/admin/market/coins',
      'PUT /api/admin/settings/platform',
    ])
      expect(list).toContain(must);
  });

  it('no admin route has a price, outcome, result, win-rate or settlement path or field (reviewed exceptions aside)', () => {
    const found: string[] = [];
    for (const r of admin) {
      for (const segment of r.path.split('/'))
        if (FORBIDDEN.test(segment)) found.push(`${r.method} ${r.path} (path)`);
      for (const f of r.fields) {
        const key = `${r.method} ${r.path} ${f}`;
        if (FORBIDDEN.test(f) && ALLOWED[key] === undefined) found.push(key);
      }
    }
    expect(found).toEqual([]);
    // Every exception is still there (a stale list would hide a renamed field).
    const present = new Set(admin.flatMap((r) => r.fields.map((f) => `${r.method} ${r.path} ${f}`)));
    for (const key of Object.keys(ALLOWED)) expect(present, key).toContain(key);
  });

  it('no admin route takes a user together with a rate-like field (no per-user win rate)', () => {
    for (const r of admin) {
      const perUser = r.fields.some((f) => USER_FIELD.test(f));
      const rateLike = r.fields.some((f) => /rate|win|odds|probab|outcome|result/i.test(f));
      expect(perUser && rateLike, `${r.method} ${r.path}`).toBe(false);
    }
  });

  it('every admin write route with a body refuses price/outcome/winRate fields and nothing changes', async () => {
    const writes = admin.filter((r) => r.method !== 'GET');
    const bodyless = writes.filter((r) => r.op.requestBody === undefined).map((r) => `${r.method} ${r.path}`);
    expect(bodyless.sort()).toEqual([...BODYLESS].sort());
    const hash = ctx.app.core.stateHash();
    const periods = JSON.stringify(ctx.app.core.seconds().periods());
    const sample: Record<string, string> = {
      id: '1',
      coin: 'btc',
      symbol: 'btcusdt',
      periodId: '30s',
      key: 'platform',
    };
    for (const r of writes) {
      if (r.op.requestBody === undefined) continue;
      const url = r.path.replace(/\{([A-Za-z0-9_]+)\}/g, (_, name: string) => sample[name] ?? '1');
      const res = await call(ctx.app, {
        method: r.method as 'POST',
        url,
        headers: auth(token),
        payload: { price: '1', outcome: 'won', winRate: '1', result: 'win' },
      });
      expect([400, 404], `${r.method} ${url}: ${JSON.stringify(res.body)}`).toContain(res.status);
    }
    expect(ctx.app.core.stateHash()).toBe(hash);
    expect(JSON.stringify(ctx.app.core.seconds().periods())).toBe(periods);
  });

  it('the parametric settings route has no hidden document for prices or outcomes', async () => {
    for (const key of ['price', 'outcome', 'winRate', 'seconds']) {
      const res = await call(ctx.app, {
        method: 'PUT',
        url: `/api/admin/settings/${key}`,
        headers: auth(token),
        payload: { value: 1 },
      });
      expect(res.status).toBe(404);
    }
  });
});

describe('all routes', () => {
  it('ticks, prices and settlements are read-only everywhere', () => {
    const writes = routes.filter(
      (r) => r.method !== 'GET' && /tick|price|settle|outcome|kline/i.test(r.path),
    );
    // The coin-exchange family's price comparison is a GET; the spot quote helpers are reads too.
    expect(writes.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/texchange/getCurrencyPrice']);
  });
});
