// The margin jobs (docs/margin.md "Jobs"), one pass at a time:
// - interest: `margin.accrue` for every whole UTC hour since the last accrued one (command id
//   `margin.accrue:<hourTs>`, so a repeat is idempotent and hours missed during downtime are caught up,
//   at most 48 per pass);
// - risk: every account with debt is valued at the index prices; at or below the liquidation level it
//   is liquidated through the book (liquidator.ts); below the call level its owner is warned once per
//   episode (private websocket MARGIN_CALL and an email through the outbox), again only after the level
//   went back above the call level.
import { parseAmount } from '@coin/shared/money';
import type { MarginAccountType } from '@/core/margin/margin-types';
import { levelText } from '@/core/margin/margin-view';
import type { MoneyCore } from '@/core/types';
import type { Clock } from '@/lib/clock';
import { type LiquidationOutcome, liquidate } from './liquidator';
import type { MarginService } from './margin-service';

export const HOUR_MS = 3_600_000;
const MAX_HOURS_PER_PASS = 48;

export interface MarginCall {
  userId: string;
  account: MarginAccountType;
  level: string;
  callLevel: string;
  liquidationLevel: string;
}

export interface MarginJobHooks {
  warn(call: MarginCall): Promise<void>;
  liquidated(userId: string, account: MarginAccountType, outcome: LiquidationOutcome): void;
  log: { warn(details: Record<string, unknown>, message: string): void };
}

export interface MarginJobStatus {
  lastRunAt: number | null;
  lastError: string | null;
  accruedHours: number;
  warnings: number;
  liquidations: number;
  shortfalls: number;
}

export class MarginJobs {
  private running: Promise<void> | undefined;
  private readonly warned = new Set<string>();
  readonly status: MarginJobStatus = {
    lastRunAt: null,
    lastError: null,
    accruedHours: 0,
    warnings: 0,
    liquidations: 0,
    shortfalls: 0,
  };

  constructor(
    private readonly core: () => MoneyCore,
    private readonly service: MarginService,
    private readonly clock: Clock,
    private readonly hooks: MarginJobHooks,
  ) {}

  runDue(): Promise<void> {
    this.running ??= this.pass().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Resolves when no pass is running (shutdown). */
  async idle(): Promise<void> {
    await this.running?.catch(() => undefined);
  }

  private async pass(): Promise<void> {
    const now = this.clock.now().getTime();
    try {
      await this.accrue(now);
      await this.risk(now);
      this.status.lastError = null;
    } catch (err) {
      this.status.lastError = err instanceof Error ? err.message : String(err);
      this.hooks.log.warn({ err }, 'margin job pass failed');
    }
    this.status.lastRunAt = now;
  }

  /** Every whole hour since the last accrued one, up to now. */
  async accrue(now: number): Promise<void> {
    const core = this.core();
    if (core.margin().config() === undefined) return;
    const current = now - (now % HOUR_MS);
    const last = core.margin().lastAccruedHour();
    let hour = last === 0 ? current : last + HOUR_MS;
    // More than the pass may catch up: the oldest missed hours first, the rest in later passes.
    for (let n = 0; hour <= current && n < MAX_HOURS_PER_PASS; n++, hour += HOUR_MS) {
      const r = await core.submit({
        id: `margin.accrue:${hour}`,
        actor: 'system:margin',
        ts: now,
        type: 'margin.accrue',
        payload: { hourTs: hour },
      });
      if (r.ok) this.status.accruedHours += 1;
      else if (r.error !== 'ALREADY_ACCRUED')
        this.hooks.log.warn({ hour, error: r.error }, 'margin accrual refused');
    }
  }

  async risk(now: number): Promise<void> {
    const core = this.core();
    const cfg = core.margin().config();
    if (cfg === undefined) return;
    const call = parseAmount(cfg.callLevel);
    const liq = parseAmount(cfg.liquidationLevel);
    const prices = this.service.prices();
    for (const { userId, account } of core.margin().openAccounts()) {
      const key = `${userId}\u0000${account}`;
      const v = this.service.valuation(userId, account, prices);
      if (v.unpriced.length > 0) continue;
      const liquidating = core.margin().isLiquidating(userId, account);
      if (liquidating || (v.level !== undefined && v.level <= liq)) {
        const outcome = await liquidate(
          core,
          userId,
          account,
          prices,
          `margin.liq:${userId}:${account}:${now}`,
          now,
        );
        if (outcome !== 'healthy') {
          this.status.liquidations += 1;
          if (outcome === 'shortfall') this.status.shortfalls += 1;
          this.warned.delete(key);
          this.hooks.liquidated(userId, account, outcome);
        }
        continue;
      }
      if (v.level !== undefined && v.level < call) {
        if (this.warned.has(key)) continue;
        this.warned.add(key);
        this.status.warnings += 1;
        await this.hooks.warn({
          userId,
          account,
          level: levelText(v.level) ?? '0',
          callLevel: cfg.callLevel,
          liquidationLevel: cfg.liquidationLevel,
        });
      } else {
        this.warned.delete(key);
      }
    }
  }
}
