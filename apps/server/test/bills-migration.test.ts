// Migration 0019 turns the bills read model from one row per posting into one row per command, user
// account and bill type: a database written by the earlier layout keeps every bill, merged the way the
// bills route used to group them (each field's sum, its balance after the command, the last posting index).
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';

const migrations = fileURLToPath(new URL('../drizzle', import.meta.url));
const dirs: string[] = [];

afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

/** The migrations folder as it was before `tag` (its journal entry and the later ones dropped). */
async function migrationsBefore(tag: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'migrations-'));
  dirs.push(dir);
  await cp(migrations, dir, { recursive: true });
  const journalFile = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  await writeFile(journalFile, JSON.stringify(journal));
  return dir;
}

describe('migration 0019: bills per account', () => {
  it('merges the postings of each command, account and bill type into one row', async () => {
    const pg = new PGlite();
    const db = drizzle(pg);
    await migrate(db, { migrationsFolder: await migrationsBefore('0019_wallet_bills_per_account') });
    // [seq, idx, user, asset, accountType, field, delta, balance, billType]
    const old: [number, number, number, string, string, string, string, string, string][] = [
      // A freeze: available -5, frozen +5.
      [1, 0, 7, 'USDT', 'spot', 'available', '-5', '95', 'spot.place'],
      [1, 1, 7, 'USDT', 'spot', 'frozen', '5', '5', 'spot.place'],
      // A sweep: two fills of user 7's order (frozen twice), user 8 paid twice, a rebate to user 7.
      [2, 0, 7, 'USDT', 'spot', 'frozen', '-2', '3', 'spot.place'],
      [2, 1, 8, 'USDT', 'spot', 'available', '1.5', '11.5', 'spot.place'],
      [2, 2, 7, 'USDT', 'spot', 'frozen', '-3', '0', 'spot.place'],
      [2, 3, 8, 'USDT', 'spot', 'available', '2.25', '11.5', 'spot.place'],
      [2, 4, 7, 'USDT', 'spot', 'available', '0.01', '95.01', 'referral.rebate'],
      [2, 5, 7, 'BTC', 'spot', 'available', '0.0001', '0.0001', 'spot.place'],
    ];
    for (const [seq, idx, user, asset, accountType, field, delta, balance, billType] of old) {
      await pg.query(
        `insert into wallet_bills (seq, idx, user_id, asset, account_type, field, delta, balance, bill_type,
           command_id, ref, created_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
        [
          seq,
          idx,
          user,
          asset,
          accountType,
          field,
          delta,
          balance,
          billType,
          `c-${seq}`,
          `r-${seq}`,
          new Date(seq * 1000),
        ],
      );
    }

    await migrate(db, { migrationsFolder: migrations });
    const { rows } = await pg.query<Record<string, unknown>>(
      `select seq, idx, user_id::text as user, asset, account_type, bill_type, command_id, ref, created_at,
         available_delta::float8 as ad, available_balance::float8 as ab, frozen_delta::float8 as fd,
         frozen_balance::float8 as fb from wallet_bills order by seq, idx`,
    );
    const view = rows.map((r) => [r.seq, r.idx, r.user, r.asset, r.bill_type, r.ad, r.ab, r.fd, r.fb]);
    expect(view).toEqual([
      [1, 1, '7', 'USDT', 'spot.place', -5, 95, 5, 5],
      [2, 2, '7', 'USDT', 'spot.place', null, null, -5, 0],
      [2, 3, '8', 'USDT', 'spot.place', 3.75, 11.5, null, null],
      [2, 4, '7', 'USDT', 'referral.rebate', 0.01, 95.01, null, null],
      [2, 5, '7', 'BTC', 'spot.place', 0.0001, 0.0001, null, null],
    ]);
    expect(rows.every((r) => r.command_id === `c-${r.seq}` && r.ref === `r-${r.seq}`)).toBe(true);
    expect(rows.map((r) => (r.created_at as Date).getTime())).toEqual([1000, 2000, 2000, 2000, 2000]);
    const { rows: columns } = await pg.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_name = 'wallet_bills'`,
    );
    expect(columns.map((c) => c.column_name)).not.toContain('field');
    await pg.close();
  }, 120_000);
});
