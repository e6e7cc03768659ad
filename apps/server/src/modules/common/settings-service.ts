// Typed access to the operator-editable settings: effective value = the saved row when it still fits
// its schema, else the default. Writes are validated, serialized, and audit-logged with the old and
// the new value in the same transaction (DESIGN section 1: every operator action is audited).
// Reads are hot (every page load fetches config.js and getAllSetting): the effective snapshot is kept in
// memory and dropped through the invalidation bus when a write has committed, here or in another process.
// One instance serves the whole app (app.services.settings).
import { sql } from 'drizzle-orm';
import type { AppConfig } from '@/config';
import type { Executor } from '@/db/client';
import { AppError, type FieldIssue } from '@/lib/app-error';
import { appendAudit } from '@/lib/audit';
import type { Clock } from '@/lib/clock';
import { INVALIDATION_TOPICS, type InvalidationBus } from '@/lib/invalidation-bus';
import { ReadCache } from '@/lib/read-cache';
import { zodIssuesToFields } from '@/lib/zod-issues';
import { defaultSettings } from './settings-defaults';
import { type SettingAuditAction, SettingsRepository } from './settings-repository';
import {
  SETTING_KEYS,
  SETTING_MESSAGES,
  type SettingKey,
  type Settings,
  type SettingValue,
  typedSettingSchemas,
} from './settings-schemas';

export interface SettingEntry<K extends SettingKey = SettingKey> {
  key: K;
  value: SettingValue<K>;
  defaultValue: SettingValue<K>;
  isDefault: boolean;
  /** When an operator last saved it; null while the default applies. */
  updatedAt: string | null;
}

export interface SettingsSnapshot {
  values: Settings;
  updatedAt: Record<SettingKey, Date | null>;
}

export interface SettingsHistoryPage {
  current: number;
  size: number;
  total: number;
  records: Array<{
    id: string;
    action: string;
    key: string;
    operatorId: string;
    before: unknown;
    after: unknown;
    createdAt: string;
  }>;
}

export type InvalidRowReporter = (message: string, details: Record<string, unknown>) => void;

export function parseSetting<K extends SettingKey>(
  key: K,
  input: unknown,
): { ok: true; value: SettingValue<K> } | { ok: false; fields: FieldIssue[] } {
  const result = typedSettingSchemas[key].safeParse(input);
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, fields: zodIssuesToFields(result.error, input) };
}

function withSetting<K extends SettingKey>(current: Settings, key: K, value: SettingValue<K>): Settings {
  const next = { ...current };
  next[key] = value;
  return next;
}

/** Rules that span two documents; checked against the state a write would leave behind. */
function crossDocumentIssues(next: Settings, changed: SettingKey): FieldIssue[] {
  const currencyKnown = next.currencies.some((c) => c.exchange_code === next.defaultCurrency);
  if (changed === 'defaultCurrency' && !currencyKnown) return [{ field: 'body', key: 'validation.oneOf' }];
  if (changed === 'currencies' && !currencyKnown) {
    return [{ field: 'body', key: SETTING_MESSAGES.defaultCurrencyMissing }];
  }
  return [];
}

// One lock for all setting writes: they are rare, and cross-document checks need a stable view.
const settingsLock = sql`select pg_advisory_xact_lock(hashtext('coin.settings'))`;

export class SettingsService {
  private readonly repo: SettingsRepository;
  /** One entry: the effective snapshot. Callers must not mutate what it returns. */
  private readonly cache = new ReadCache<'all', SettingsSnapshot>(1);

  constructor(
    private readonly db: Executor,
    private readonly config: Pick<AppConfig, 'BRAND_NAME'>,
    private readonly clock: Clock,
    private readonly bus: InvalidationBus,
    private readonly reportInvalidRow: InvalidRowReporter = () => {},
  ) {
    this.repo = new SettingsRepository(db);
    bus.subscribe(INVALIDATION_TOPICS.settings, () => this.cache.clear());
  }

  defaults(): Settings {
    return defaultSettings(this.config);
  }

  /**
   * Every effective value plus when each was saved: from memory, or inside `ex` (a transaction that
   * needs the state it is about to change) from SQL. The same object is returned until a write, so
   * callers may memoize what they derive from it by identity.
   */
  async snapshot(ex?: Executor): Promise<SettingsSnapshot> {
    if (ex) return this.load(ex);
    return this.cache.get('all', () => this.load(this.db));
  }

  /** Every effective value plus when each was saved, from one query. */
  private async load(ex: Executor): Promise<SettingsSnapshot> {
    const rows = new Map((await this.repo.findAll(ex)).map((r) => [r.key, r]));
    let values = this.defaults();
    const updatedAt = Object.fromEntries(SETTING_KEYS.map((k) => [k, null])) as Record<
      SettingKey,
      Date | null
    >;
    for (const key of SETTING_KEYS) {
      const row = rows.get(key);
      if (!row) continue;
      const parsed = parseSetting(key, row.value);
      if (!parsed.ok) {
        // A row an older release wrote and the current schema rejects: serve the default, loudly.
        this.reportInvalidRow('invalid setting row ignored, default used', { key, fields: parsed.fields });
        continue;
      }
      values = withSetting(values, key, parsed.value);
      updatedAt[key] = row.updatedAt;
    }
    return { values, updatedAt };
  }

  async get<K extends SettingKey>(key: K, ex?: Executor): Promise<SettingValue<K>> {
    return (await this.snapshot(ex)).values[key];
  }

  async list(ex?: Executor): Promise<SettingEntry[]> {
    const snap = await this.snapshot(ex);
    const defaults = this.defaults();
    return SETTING_KEYS.map((key) => entryOf(key, snap, defaults));
  }

  /** Validates and saves one document; throws VALIDATION_FAILED with field errors and writes nothing. */
  async update<K extends SettingKey>(operatorId: bigint, key: K, input: unknown): Promise<SettingEntry<K>> {
    const parsed = parseSetting(key, input);
    if (!parsed.ok) throw new AppError('VALIDATION_FAILED', parsed.fields);
    return this.write(operatorId, key, parsed.value, 'settings.update');
  }

  /** Deletes the saved row so the default applies again (audited like an update). */
  async reset<K extends SettingKey>(operatorId: bigint, key: K): Promise<SettingEntry<K>> {
    return this.write(operatorId, key, undefined, 'settings.reset');
  }

  /** Who changed what and when, from the audit log (newest first). */
  async history(key: SettingKey | undefined, current: number, size: number): Promise<SettingsHistoryPage> {
    const { records, total } = await this.repo.pageHistory(key, current, size);
    return {
      current,
      size,
      total,
      records: records.map((r) => {
        const payload = r.payload as Partial<Record<'key' | 'before' | 'after', unknown>>;
        return {
          id: r.id.toString(),
          action: r.action,
          key: typeof payload.key === 'string' ? payload.key : '',
          operatorId: r.actorId,
          before: payload.before ?? null,
          after: payload.after ?? null,
          createdAt: r.createdAt.toISOString(),
        };
      }),
    };
  }

  private async write<K extends SettingKey>(
    operatorId: bigint,
    key: K,
    value: SettingValue<K> | undefined,
    action: SettingAuditAction,
  ): Promise<SettingEntry<K>> {
    const defaults = this.defaults();
    const entry = await this.db.transaction(async (tx) => {
      await tx.execute(settingsLock);
      const before = await this.snapshot(tx);
      const after = value ?? defaults[key];
      const issues = crossDocumentIssues(withSetting(before.values, key, after), key);
      if (issues.length > 0) throw new AppError('VALIDATION_FAILED', issues);
      const now = this.clock.now();
      if (value === undefined) await this.repo.remove(key, tx);
      else await this.repo.upsert(key, value, now, tx);
      await appendAudit(
        tx,
        {
          actorType: 'operator',
          actorId: operatorId.toString(),
          action,
          payload: {
            key,
            before: before.values[key],
            beforeWasDefault: before.updatedAt[key] === null,
            after,
          },
        },
        now,
      );
      return entryOf(
        key,
        {
          values: withSetting(before.values, key, after),
          updatedAt: { ...before.updatedAt, [key]: value === undefined ? null : now },
        },
        defaults,
      );
    });
    // After the commit: a reader that reloads now sees the new row.
    await this.bus.publish(INVALIDATION_TOPICS.settings);
    return entry;
  }
}

function entryOf<K extends SettingKey>(key: K, snap: SettingsSnapshot, defaults: Settings): SettingEntry<K> {
  const at = snap.updatedAt[key];
  return {
    key,
    value: snap.values[key],
    defaultValue: defaults[key],
    isDefault: at === null,
    updatedAt: at ? at.toISOString() : null,
  };
}
