// The core's own bounds (hardening issue) and its bounded idempotency table (spot issue, core shape):
// - every amount is re-checked against the asset's limits (`asset.configure`), whatever the caller did;
// - no balance, user or system, may leave what NUMERIC(38,18) holds;
// - ids are remembered for IDEMPOTENCY_WINDOW_MS of command time (spot commands for their shorter
//   window), older commands are refused as stale, and replay (from empty and from a snapshot) still gives
//   the same state hash;
// - a snapshot of the first release loads into the new layout.
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '@/core/canonical-json';
import { MAX_BALANCE_ATOMS } from '@/core/ledger/ledger';
import { IDEMPOTENCY_WINDOW_MS, MoneyState } from '@/core/money-state';
import { SPOT_IDEMPOTENCY_WINDOW_MS } from '@/core/spot/spot-part';
import type { Command } from '@/core/types';
import { MEMORY_JOURNAL } from '@/journal/journal-store';
import { openMoneyCore, sha256Hex } from '@/journal/money-core';

const T0 = 1_700_000_000_000;
let n = 0;
const deposit = (userId: string, asset: string, amount: string, ts = T0, id = `d${++n}`): Command => ({
  id,
  actor: 'system',
  ts,
  type: 'deposit.credit',
  payload: { userId, asset, amount, ref: id },
});
const configure = (asset: string, decimals: number, maxAmount: string, ts = T0): Command => ({
  id: `cfg-${asset}-${decimals}-${maxAmount}-${ts}`,
  actor: 'system',
  ts,
  type: 'asset.configure',
  payload: { asset, decimals, maxAmount },
});

describe('amount bounds in the core', () => {
  it('refuses amounts above the configured per-operation maximum or with too many decimals', () => {
    const s = new MoneyState(sha256Hex);
    expect(s.apply(configure('USDT', 6, '100000000')).result.ok).toBe(true);
    expect(s.assetLimits('USDT')).toEqual({ decimals: 6, maxAmount: 100_000_000n * 10n ** 18n });
    expect(s.apply(deposit('u1', 'USDT', '100000000.000001')).result).toMatchObject({
      ok: false,
      error: 'AMOUNT_TOO_LARGE',
    });
    expect(s.apply(deposit('u1', 'USDT', '1.0000001')).result).toMatchObject({
      ok: false,
      error: 'INVALID_AMOUNT',
    });
    expect(s.apply(deposit('u1', 'USDT', '100000000')).result.ok).toBe(true);
    // Every command type with an amount checks it: a transfer, an adjustment, a withdrawal, a swap.
    const big = '100000001';
    const refused: Command[] = [
      {
        id: 't',
        actor: 'u1',
        ts: T0,
        type: 'transfer',
        payload: { userId: 'u1', asset: 'USDT', amount: big, from: 'spot', to: 'contract' },
      },
      {
        id: 'a',
        actor: 'op:1',
        ts: T0,
        type: 'adjust',
        payload: { userId: 'u1', asset: 'USDT', accountType: 'spot', amount: `-${big}`, ref: 'r' },
      },
      {
        id: 'w',
        actor: 'u1',
        ts: T0,
        type: 'withdraw.freeze',
        payload: { userId: 'u1', asset: 'USDT', amount: big, fee: '1', withdrawalId: 'w1' },
      },
      {
        id: 's',
        actor: 'u1',
        ts: T0,
        type: 'swap',
        payload: {
          userId: 'u1',
          fromAsset: 'USDT',
          toAsset: 'BTC',
          amount: big,
          price: '0.00001',
          feeRate: '0',
          priceRef: 'x',
        },
      },
    ];
    for (const c of refused) expect(s.apply(c).result, c.type).toMatchObject({ error: 'AMOUNT_TOO_LARGE' });
    expect(s.balance('u1', 'USDT', 'spot').available).toBe('100000000');
    expect(s.invariantViolations()).toEqual([]);
  });

  it('keeps every balance, user and system, within NUMERIC(38,18) for assets without limits', () => {
    const s = new MoneyState(sha256Hex);
    const max = '99999999999999999999.999999999999999999';
    expect(s.apply(deposit('u1', 'X', max)).result.ok).toBe(true);
    // The user's balance would exceed the bound.
    expect(s.apply(deposit('u1', 'X', '0.000000000000000001')).result).toMatchObject({
      error: 'AMOUNT_TOO_LARGE',
    });
    // Another user's deposit would take the deposit clearing account beyond it (contra, negative).
    expect(s.apply(deposit('u2', 'X', '1')).result).toMatchObject({ error: 'AMOUNT_TOO_LARGE' });
    expect(s.apply(deposit('u2', 'X', '100000000000000000000')).result).toMatchObject({
      error: 'AMOUNT_TOO_LARGE',
    });
    expect(BigInt(s.systemBalance('deposit_clearing', 'X').replace('.', ''))).toBe(-MAX_BALANCE_ATOMS);
    expect(s.invariantViolations()).toEqual([]);
  });

  it('refuses a malformed asset configuration', () => {
    const s = new MoneyState(sha256Hex);
    for (const [decimals, max] of [
      [19, '1'],
      [-1, '1'],
      [2, '0'],
      [2, '1.001'],
      [2, '100000000000000000000'],
    ] as const) {
      expect(s.apply(configure('BAD', decimals, max)).result.ok, `${decimals} ${max}`).toBe(false);
    }
    expect(s.assetLimits('BAD')).toBeUndefined();
  });
});

describe('bounded idempotency', () => {
  it('forgets ids after the window, refuses stale commands, and replays to the same hash', () => {
    const s = new MoneyState(sha256Hex);
    const sent: Command[] = [];
    const send = (c: Command) => {
      sent.push(c);
      return s.apply(c);
    };
    const first = deposit('u1', 'USDT', '5', T0, 'first');
    expect(send(first).result.ok).toBe(true);
    // Within the window a repeat is answered from the table.
    expect(send({ ...first, ts: T0 + IDEMPOTENCY_WINDOW_MS - 1 }).fresh).toBe(false);
    // Commands every hour for two days: the table keeps only about a day of them.
    for (let h = 1; h <= 48; h++) send(deposit('u1', 'USDT', '1', T0 + h * 3_600_000, `h${h}`));
    expect(s.idempotencySize()).toBeLessThanOrEqual(26);
    expect(s.resultOf('first')).toBeUndefined();
    expect(s.resultOf('h48')).toBeDefined();
    // A repeat of a forgotten command carries its old time: refused as stale, nothing applied twice.
    const balance = s.balance('u1', 'USDT', 'spot').available;
    expect(send(first).result).toMatchObject({ ok: false, error: 'STALE_COMMAND' });
    expect(s.balance('u1', 'USDT', 'spot').available).toBe(balance);
    expect(balance).toBe('53');

    // Replay from empty and from a snapshot taken half-way give the same state hash.
    const replay = new MoneyState(sha256Hex);
    const half = Math.floor(sent.length / 2);
    for (const c of sent.slice(0, half)) replay.apply(c);
    const resumed = MoneyState.fromSnapshot(JSON.parse(JSON.stringify(replay.snapshot())), sha256Hex);
    for (const c of sent.slice(half)) {
      replay.apply(c);
      resumed.apply(c);
    }
    expect(replay.stateHash()).toBe(s.stateHash());
    expect(resumed.stateHash()).toBe(s.stateHash());
  });

  it('an id forgotten and used again is a new command', () => {
    const s = new MoneyState(sha256Hex);
    expect(s.apply(deposit('u1', 'USDT', '1', T0, 'again')).result.ok).toBe(true);
    s.apply(deposit('u1', 'USDT', '1', T0 + IDEMPOTENCY_WINDOW_MS + 1, 'later'));
    expect(s.resultOf('again')).toBeUndefined();
    const reuse = s.apply(deposit('u1', 'USDT', '2', T0 + IDEMPOTENCY_WINDOW_MS + 2, 'again'));
    expect(reuse.fresh).toBe(true);
    expect(reuse.result.ok).toBe(true);
    const snap = s.snapshot();
    expect(snap.idempotency.filter(([id]) => id === 'again')).toHaveLength(1);
    expect(MoneyState.fromSnapshot(snap, sha256Hex).stateHash()).toBe(s.stateHash());
  });

  it('a version 3 snapshot (sha256 digests) still tells a retry from another payload under the same id', () => {
    const s = new MoneyState(sha256Hex);
    const first = deposit('u1', 'USDT', '5', T0, 'v3-kept');
    const answer = s.apply(first).result;
    expect(answer.ok).toBe(true);
    const snap = s.snapshot();
    // As version 3 wrote it: the digest was sha256 of canonicalJson({ type, actor, payload }).
    const v3 = {
      ...snap,
      version: 3,
      idempotency: snap.idempotency.map((e) => {
        const [id, , ts, result] = e;
        return [
          id,
          sha256Hex(canonicalJson({ type: first.type, actor: first.actor, payload: first.payload })),
          ts,
          result,
        ];
      }),
    };
    const old = MoneyState.fromSnapshot(JSON.parse(JSON.stringify(v3)), sha256Hex);
    const retry = old.apply({ ...first, ts: T0 + 1 });
    expect(retry.fresh).toBe(false);
    expect(retry.result).toMatchObject({ ok: true, seq: answer.seq, commandId: 'v3-kept' });
    const other = old.apply(deposit('u1', 'USDT', '6', T0 + 2, 'v3-kept'));
    expect(other.fresh).toBe(false);
    expect(other.result).toMatchObject({ ok: false, error: 'IDEMPOTENCY_MISMATCH', seq: answer.seq });
    expect(old.lastSeq()).toBe(s.lastSeq());
    // Its next snapshot keeps the old digest as it was (a string), and loads again to the same state.
    const again = old.snapshot();
    expect(typeof again.idempotency[0]?.[1]).toBe('string');
    expect(MoneyState.fromSnapshot(JSON.parse(JSON.stringify(again)), sha256Hex).stateHash()).toBe(
      old.stateHash(),
    );
  });

  it('keeps spot ids for the spot window only and wallet ids for the day; snapshots keep each window', () => {
    const SPOT = SPOT_IDEMPOTENCY_WINDOW_MS;
    expect(SPOT).toBeLessThan(IDEMPOTENCY_WINDOW_MS);
    const s = new MoneyState(sha256Hex);
    // A cancel of an unknown order is refused by the spot part, and recorded under its id all the same.
    const cancel = (id: string, ts: number): Command => ({
      id,
      actor: 'u1',
      ts,
      type: 'spot.cancel',
      payload: { userId: 'u1', symbol: 'btcusdt', orderId: '99' },
    });
    expect(s.apply(deposit('u1', 'USDT', '1', T0, 'w-early')).result.ok).toBe(true);
    expect(s.apply(cancel('s-early', T0)).fresh).toBe(true);
    expect(s.apply(cancel('s-early', T0 + SPOT - 1)).fresh).toBe(false);
    expect(s.apply(deposit('u1', 'USDT', '1', T0 + SPOT + 10, 'w-late')).result.ok).toBe(true);
    expect(s.resultOf('s-early')).toBeUndefined();
    expect(s.resultOf('w-early')).toBeDefined();
    // A spot command older than its window is stale; a wallet command of the same age is not.
    expect(s.apply(cancel('s-old', T0 + 5)).result).toMatchObject({ ok: false, error: 'STALE_COMMAND' });
    expect(s.apply(deposit('u1', 'USDT', '1', T0 + 5, 'w-old')).result.ok).toBe(true);
    s.apply(cancel('s-late', T0 + SPOT + 20));

    const snap = s.snapshot();
    expect(snap.version).toBe(4);
    const byId = new Map(snap.idempotency.map((e) => [e[0], e]));
    expect(byId.get('s-late')?.[4]).toBe(SPOT);
    expect(byId.get('w-late')).toHaveLength(4);
    const seqs = snap.idempotency.map((e) => e[3].seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    const restored = MoneyState.fromSnapshot(JSON.parse(JSON.stringify(snap)), sha256Hex);
    expect(restored.stateHash()).toBe(s.stateHash());
    // Both forget the spot id at the same command time.
    const next = deposit('u1', 'USDT', '1', T0 + 2 * SPOT + 30, 'w-next');
    s.apply(next);
    restored.apply(next);
    expect(s.resultOf('s-late')).toBeUndefined();
    expect(restored.resultOf('s-late')).toBeUndefined();
    expect(restored.resultOf('w-late')).toBeDefined();
    expect(restored.stateHash()).toBe(s.stateHash());

    // A version 2 snapshot (four elements per entry, one window) still loads, every id under the day.
    const v2 = { ...snap, version: 2, idempotency: snap.idempotency.map((e) => e.slice(0, 4)) };
    const old = MoneyState.fromSnapshot(v2 as never, sha256Hex);
    expect(old.lastSeq()).toBe(snap.seq);
    old.apply(next);
    expect(old.resultOf('s-late')).toBeDefined();
  });

  it('the runtime refuses a command from the far future before the journal', async () => {
    const now = T0;
    const core = await openMoneyCore({ dir: MEMORY_JOURNAL, now: () => now });
    const future = await core.submit(deposit('u1', 'USDT', '1', now + 120_000, 'future'));
    expect(future).toMatchObject({ ok: false, error: 'INVALID_COMMAND' });
    expect(core.journalPosition()).toBe(0);
    expect((await core.submit(deposit('u1', 'USDT', '1', now + 30_000, 'soon'))).ok).toBe(true);
    await core.close();
  });
});

describe('snapshot of the first release', () => {
  it('loads into the ledger and wallet parts', () => {
    const v1 = {
      version: 1,
      seq: 3,
      accounts: [['u1', 'USDT', 'spot', '89', '11']],
      system: [['deposit_clearing', 'USDT', '-100']],
      holds: [['w1', 'u1', 'USDT', '10', '1']],
      idempotency: [['d1', 'abc', { ok: true, seq: 1, commandId: 'd1', events: [] }]],
    };
    const s = MoneyState.fromSnapshot(v1 as never, sha256Hex);
    expect(s.lastSeq()).toBe(3);
    expect(s.balance('u1', 'USDT', 'spot')).toMatchObject({ available: '89', frozen: '11' });
    expect(s.holdOf('w1')).toMatchObject({ amount: '10', fee: '1' });
    expect(s.resultOf('d1')).toMatchObject({ ok: true, seq: 1 });
    expect(s.invariantViolations()).toEqual([]);
    const done = s.apply({
      id: 'c',
      actor: 'op:1',
      ts: T0,
      type: 'withdraw.complete',
      payload: { withdrawalId: 'w1', decimals: 6 },
    });
    expect(done.result.ok).toBe(true);
    expect(s.balance('u1', 'USDT', 'spot')).toMatchObject({ available: '89', frozen: '0' });
  });
});
