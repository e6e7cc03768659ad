// The settlement job of seconds contracts (docs/seconds.md "Settlement"): a timer that feeds the money
// core settle and void commands built from the stored index ticks. It decides nothing the core could not
// check and nothing an observer could not repeat: for each symbol with open contracts it takes the
// earliest expiry E, asks the tick record for the first tick at or after E, and
// - when there is one: `seconds.settle {symbol, from: E, tick}`. The core settles every open contract of
//   the symbol expiring in [E, tick.time] on that tick (it is the first at or after each of their
//   expiries), or voids those whose expiry lies more than the tolerance before it;
// - when there is none and E is more than tolerance + grace in the past: `seconds.void {symbol, from: E,
//   through: now - grace}` (no tick was stored in [E, through]; ticks of a step are stored right after it,
//   and the grace covers that). The stakes are returned; a price is never guessed.
// It repeats until nothing is due. Contracts open across a restart settle the same way after it: the job
// reads what the core holds and the ticks that were stored, whatever the server's uptime was.
//
// Command ids are derived from what they state (symbol, from, tick id or through), so a retry after a
// crash is answered with the first result.
import {
  SECONDS_SETTLE_TOLERANCE_MS,
  type SecondsReader,
  type SecondsTick,
} from '@/core/seconds/seconds-types';
import type { Command, CommandResult } from '@/core/types';

/** The tick record as the job reads it. */
export interface TickSource {
  /** The first stored tick of `symbol` ('btcusdt') at or after `time`, if any is stored yet. */
  firstAtOrAfter(symbol: string, time: number): Promise<SecondsTick | undefined>;
}

export interface SettlementCore {
  seconds(): SecondsReader;
  submit(command: Command): Promise<CommandResult>;
}

export interface SettlementLog {
  warn(details: Record<string, unknown>, message: string): void;
}

/** How long after a tick's time the job assumes it is stored (the market writes a step's ticks at once). */
export const SECONDS_VOID_GRACE_MS = 2_000;
const SETTLER = 'system:seconds-settlement';
/** Commands per symbol per round at most (each settles every contract its tick covers). */
const MAX_COMMANDS_PER_SYMBOL = 1000;

export interface RoundResult {
  settle: number;
  void: number;
  refused: number;
}

/** One pass: everything due at `now` is settled or voided. */
export async function settleDue(
  core: SettlementCore,
  ticks: TickSource,
  now: number,
  log?: SettlementLog,
): Promise<RoundResult> {
  const out: RoundResult = { settle: 0, void: 0, refused: 0 };
  for (const { symbol } of core.seconds().nextExpiries()) {
    for (let i = 0; i < MAX_COMMANDS_PER_SYMBOL; i++) {
      const next = core
        .seconds()
        .nextExpiries()
        .find((e) => e.symbol === symbol);
      if (next === undefined || next.expiresAt > now) break;
      const from = next.expiresAt;
      const exit = await ticks.firstAtOrAfter(symbol, from);
      let command: Command;
      if (exit !== undefined && exit.time <= now) {
        command = {
          id: `seconds.settle:${symbol}:${from}:${exit.time}`,
          actor: SETTLER,
          ts: now,
          type: 'seconds.settle',
          payload: { symbol, from, tick: exit },
        };
      } else if (exit === undefined && now - from > SECONDS_SETTLE_TOLERANCE_MS + SECONDS_VOID_GRACE_MS) {
        const through = now - SECONDS_VOID_GRACE_MS;
        command = {
          id: `seconds.void:${symbol}:${from}:${through}`,
          actor: SETTLER,
          ts: now,
          type: 'seconds.void',
          payload: { symbol, from, through },
        };
      } else {
        break;
      }
      const result = await core.submit(command);
      if (!result.ok) {
        // Another pass got there first (the contracts are closed) or a bug: do not spin on it.
        out.refused += 1;
        log?.warn(
          { commandId: command.id, error: result.error },
          `seconds settlement: ${command.type} refused (${result.error})`,
        );
        break;
      }
      if (command.type === 'seconds.settle') out.settle += 1;
      else out.void += 1;
    }
  }
  return out;
}
