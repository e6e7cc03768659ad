// Cluster market data (issue 19): only the core runs the index feeds; a gateway's engine (follower)
// applies the core's steps and ends with the same ticks, tickers and K-lines, with no feed of its own
// and no writes. In the cluster the steps travel on NATS (market-plugin.ts); here they are handed over
// directly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@/config';
import { ManualClock } from '@/lib/clock';
import { MarketEngine, type MarketStep } from '@/market/market-engine';
import { createTestDatabase } from './helpers';

const silent = { warn: () => {}, error: () => {} };

describe('market follower', () => {
  const config = loadConfig({
    APP_SECRET: 'test-secret-test-secret-test-secret-00',
    JOURNAL_DIR: 'memory://',
    MARKET_TICK_MS: '0',
    MARKET_BACKFILL_HOURS: '0',
  });
  const clock = new ManualClock(new Date('2026-06-01T00:00:00Z'));
  const cleanups: Array<() => Promise<void>> = [];
  let core: MarketEngine;
  let follower: MarketEngine;
  const steps: MarketStep[] = [];
  const coreBars: string[] = [];
  const followerBars: string[] = [];

  beforeAll(async () => {
    const a = await createTestDatabase();
    const b = await createTestDatabase();
    // Each database is closed before it is dropped (on PostgreSQL an open pool's idle clients would see
    // the forced drop as an unhandled error).
    cleanups.push(a.database.close, a.drop, b.database.close, b.drop);
    core = new MarketEngine(a.database.db, config, clock, silent);
    follower = new MarketEngine(b.database.db, config, clock, silent, true);
    core.onStep((step) => steps.push(step));
    core.on('kline', (bar) => coreBars.push(JSON.stringify(bar)));
    follower.on('kline', (bar) => followerBars.push(JSON.stringify(bar)));
    await core.start();
    await follower.start();
  });
  afterAll(async () => {
    await core?.close();
    await follower?.close();
    for (const cleanup of cleanups) await cleanup();
  });

  it('has no index of its own', async () => {
    expect(follower.latest('BTCUSDT')).toBeUndefined();
    await follower.step();
    expect(follower.latest('BTCUSDT')).toBeUndefined();
  });

  it("applies the core's steps: the same ticks, tickers and K-line events", async () => {
    for (let i = 0; i < 5; i++) {
      clock.advance(1000);
      await core.step();
    }
    expect(steps.length).toBe(6);
    expect(steps.at(-1)?.quotes.length).toBeGreaterThan(0);
    const wire = steps.map((s) => JSON.parse(JSON.stringify(s)) as MarketStep);
    for (const step of wire) await follower.applyStep(step);
    expect(follower.latest('BTCUSDT')).toEqual(core.latest('BTCUSDT'));
    expect(follower.tickers()).toEqual(core.tickers());
    expect(follower.simulated()).toBe(core.simulated());
    // The core's first step ran before the follower listened: compare the later ones.
    expect(followerBars.length).toBeGreaterThan(0);
    expect(coreBars.slice(-followerBars.length)).toEqual(followerBars);
    // A step applied twice (a redelivery) changes nothing.
    const before = JSON.stringify(follower.tickers());
    await follower.applyStep(wire.at(-1) as MarketStep);
    expect(JSON.stringify(follower.tickers())).toBe(before);
  });

  it("gateways that start while the core steps and writes end with the core's tickers", async () => {
    // As in a cluster: the gateways read the core's database, listen to its steps before they load, and
    // apply the steps that arrived meanwhile after the load (market-plugin.ts). A gateway that loaded a
    // step's tick without that step's bars skipped the step's volume (a CI failure of cluster-failover).
    const shared = await createTestDatabase();
    cleanups.push(shared.database.close, shared.drop);
    const writer = new MarketEngine(shared.database.db, config, clock, silent, false, true);
    await writer.start();
    let stepping = true;
    const loop = (async () => {
      while (stepping) {
        clock.advance(1000);
        await writer.step();
      }
    })();
    const gateways: Array<{ engine: MarketEngine; applied: Promise<void>[]; off: () => void }> = [];
    for (let k = 0; k < 8; k++) {
      const engine = new MarketEngine(shared.database.db, config, clock, silent, true);
      const applied: Promise<void>[] = [];
      let buffered: MarketStep[] | undefined = [];
      const off = writer.onStep((step) => {
        const wire = JSON.parse(JSON.stringify(step)) as MarketStep;
        if (buffered) buffered.push(wire);
        else applied.push(engine.applyStep(wire));
      });
      await engine.start();
      const pending = buffered;
      buffered = undefined;
      for (const step of pending) applied.push(engine.applyStep(step));
      gateways.push({ engine, applied, off });
    }
    stepping = false;
    await loop;
    for (const { engine, applied, off } of gateways) {
      off();
      await Promise.all(applied);
      expect(engine.tickers()).toEqual(writer.tickers());
      await engine.close();
    }
    await writer.close();
  });
});
