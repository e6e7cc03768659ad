import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  API,
  api,
  type Envelope,
  freePort,
  login,
  registerAndLogin,
  type Server,
  startServer,
} from './crash-server';

async function usdt(base: string, token: string, type: '1' | '2'): Promise<string> {
  const res = await api<{ list: Array<{ coin: string; available: string }> }>(
    base,
    'GET',
    `${API}/assets/getMyBalance?type=${type}&coin=USDT`,
    { token },
  );
  return res.body.data.list.find((c) => c.coin === 'USDT')?.available ?? 'missing';
}

const servers: Server[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const s of servers.splice(0))
    if (s.proc.exitCode === null && s.proc.signalCode === null) s.proc.kill('SIGKILL');
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

const USERS = 4;
const PER_USER = 60;
const FUNDING = 1000;

describe('crash recovery of the real server (kill -9 under HTTP load)', () => {
  it('answers every key after the restart and applies each transfer exactly once', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'core-crash-http-'));
    dirs.push(dataDir);
    const port = await freePort();
    let server = await startServer(dataDir, port);
    servers.push(server);
    const base = server.base;

    const accounts = Array.from({ length: USERS }, (_, i) => `crash${i}${Date.now().toString(36)}`);
    const tokens: string[] = [];
    for (const a of accounts) tokens.push(await registerAndLogin(base, a));
    for (const token of tokens) {
      const dep = await api(base, 'POST', `${API}/assets/demoDeposit`, {
        token,
        body: { coin: 'USDT', amount: String(FUNDING) },
      });
      expect(dep.body.code, JSON.stringify(dep.body)).toBe(200);
    }
    // The simulated chain credits after its confirmations (one block every 50 ms here).
    for (const token of tokens) {
      const deadline = Date.now() + 30_000;
      while ((await usdt(base, token, '1')) !== String(FUNDING)) {
        if (Date.now() > deadline) throw new Error('demo deposit not credited');
        await new Promise((r) => setTimeout(r, 100));
      }
    }

    const jobs = Array.from({ length: USERS * PER_USER }, (_, i) => ({ user: i % USERS, key: `tr-${i}` }));
    const transfer = (srvBase: string, token: string, key: string) =>
      api(srvBase, 'POST', '/api/asset/transferFunds', {
        token,
        headers: { 'idempotency-key': key },
        body: { coin: 'USDT', amount: '1', from: '1', to: '2' },
      });
    const acked = new Map<string, Envelope>();
    let next = 0;
    let killed = false;
    const killAt = 100;
    const worker = async () => {
      while (!killed && next < jobs.length) {
        const job = jobs[next++];
        if (job === undefined) return;
        const res = await transfer(base, tokens[job.user] ?? '', job.key).catch(() => undefined);
        if (res === undefined || killed) return;
        if (res.status === 200 && res.body.code === 200) acked.set(job.key, res.body);
        if (acked.size >= killAt && !killed) {
          killed = true;
          server.proc.kill('SIGKILL');
        }
      }
    };
    await Promise.race([Promise.all(Array.from({ length: 32 }, worker)), server.exited]);
    await server.exited;
    expect(server.proc.signalCode).toBe('SIGKILL');
    expect(next).toBeLessThan(jobs.length);

    server = await startServer(dataDir, port);
    servers.push(server);
    const fresh: string[] = [];
    for (const a of accounts) fresh.push(await login(server.base, a));

    const final = new Map<string, { status: number; body: Envelope }>();
    for (let i = 0; i < jobs.length; i += 32) {
      const wave = jobs.slice(i, i + 32);
      const rs = await Promise.all(wave.map((j) => transfer(server.base, fresh[j.user] ?? '', j.key)));
      for (const [k, j] of wave.entries()) final.set(j.key, rs[k] as { status: number; body: Envelope });
    }
    for (const [key, first] of acked) {
      expect(final.get(key)?.status, key).toBe(200);
      expect(final.get(key)?.body.data, key).toEqual(first.data);
    }
    // Every key gets a definite answer after the restart, in flight at the kill or never sent: the core
    // command id comes from the key, so the retry returns the journaled result or applies it now. The
    // funding covers every transfer, so every answer is a success.
    const notOk = [...final.entries()].filter(([, r]) => r.status !== 200 || r.body.code !== 200);
    expect(notOk.map(([key, r]) => `${key}: ${r.status} ${r.body.errorCode ?? ''}`)).toEqual([]);
    expect(final.size).toBe(jobs.length);
    for (const [u, token] of fresh.entries()) {
      // Each key moved exactly 1 USDT exactly once: the balances are the exact sum of the transfers.
      const mine = jobs.filter((j) => j.user === u).length;
      expect(await usdt(server.base, token, '2')).toBe(String(mine));
      expect(await usdt(server.base, token, '1')).toBe(String(FUNDING - mine));
    }
    // A second retry of every key changes nothing and answers the same.
    for (let i = 0; i < jobs.length; i += 32) {
      const wave = jobs.slice(i, i + 32);
      const rs = await Promise.all(wave.map((j) => transfer(server.base, fresh[j.user] ?? '', j.key)));
      for (const [k, j] of wave.entries())
        expect(rs[k]?.body.data, j.key).toEqual(final.get(j.key)?.body.data);
    }
    for (const [u, token] of fresh.entries()) {
      expect(await usdt(server.base, token, '2')).toBe(String(jobs.filter((j) => j.user === u).length));
    }
    // Bills: two postings per transfer (spot -1, contract +1), each exactly once, including the transfers
    // applied before the kill whose bills were not written yet (the projection catches up at start).
    for (const [u, token] of fresh.entries()) {
      const want = 2 * jobs.filter((j) => j.user === u).length;
      const deadline = Date.now() + 30_000;
      let total = -1;
      while (total !== want && Date.now() < deadline) {
        const bills = await api<{ total: number }>(server.base, 'POST', `${API}/assets/getMyBill`, {
          token,
          body: { type: 'transfer', size: 1 },
        });
        total = bills.body.data.total;
        if (total !== want) await new Promise((r) => setTimeout(r, 200));
      }
      expect(total).toBe(want);
    }
    console.log(
      `http crash test: sent ${next}, acknowledged ${acked.size} before the kill, all ${jobs.length} answered after it`,
    );
    server.proc.kill('SIGTERM');
    await server.exited;
  }, 240_000);
});
