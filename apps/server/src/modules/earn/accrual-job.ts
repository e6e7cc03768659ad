// The earn accrual job (DESIGN section 2, jobs/): once per product and UTC hour it submits
// `earn.accrue` for every product with active orders or open loans. The core does the work (whole days
// since each order's start, daily payouts, maturities, overdue loans) and a repeat changes nothing, so
// the job only has to be frequent: its command id `earn.accrue:<product>:<YYYY-MM-DDTHH>` makes a second
// run in the same hour an idempotent repeat, and a run missed during downtime is caught up by the next.
import type { Clock } from '@/lib/clock';
import { coreOf, type EarnContext } from './earn-context';

export interface JobLog {
  warn(details: Record<string, unknown>, message: string): void;
}

/** The accrual period of a time: its UTC date and hour. */
export function accrualPeriod(at: Date): string {
  return at.toISOString().slice(0, 13);
}

export class AccrualJob {
  private running: Promise<{ submitted: number; changed: number }> | undefined;

  constructor(
    private readonly ctx: EarnContext,
    private readonly clock: Clock,
    private readonly log: JobLog,
  ) {}

  /** One pass: a command per busy product for the current hour. Concurrent calls share one pass. */
  runDue(): Promise<{ submitted: number; changed: number }> {
    this.running ??= this.pass().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async pass(): Promise<{ submitted: number; changed: number }> {
    const core = coreOf(this.ctx.core());
    const now = this.clock.now();
    const period = accrualPeriod(now);
    let submitted = 0;
    let changed = 0;
    for (const productId of core.earn().busyProductIds()) {
      const result = await core.submit({
        id: `earn.accrue:${productId}:${period}`,
        actor: 'system:earn',
        ts: now.getTime(),
        type: 'earn.accrue',
        payload: { productId, period },
      });
      submitted++;
      if (result.ok) changed += Number(result.reply?.changed ?? 0);
      else this.log.warn({ productId, period, error: result.error }, 'earn accrual refused');
    }
    return { submitted, changed };
  }

  /** Runs now and every `intervalMs`; returns the stop function. */
  start(intervalMs: number): () => void {
    const tick = () =>
      void this.runDue().catch((err: unknown) => this.log.warn({ err }, 'earn accrual pass failed'));
    tick();
    const timer = setInterval(tick, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }
}
