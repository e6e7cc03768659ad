// The contracts part of the money core (docs/contracts.md): perpetual markets on books of the spot
// matching engine, positions (hedge mode: one long and one short per user and market), margin (isolated,
// or cross: a position about to be liquidated first draws the free balance of the contract account, then
// the surplus of the user's other cross positions in the settle asset),
// the mark price from stored index ticks, TP/SL, liquidation through the book with the insurance fund
// and auto-deleveraging, and funding between longs and shorts.
//
// Money, all on the user's `contract` account in the market's settle asset: an opening order freezes its
// initial margin plus its fee at its limit; a fill turns the hold into position margin (frozen). Profit
// and loss of every close flow through the `contract_pool` system account, which therefore always holds
// exactly sum over shorts of entry value - sum over longs (linear; the opposite for inverse markets):
// OI long equals OI short, so the marks cancel. A close whose loss exceeds its margin takes the user's
// free balance, then the insurance fund; a liquidated position's whole margin goes to the insurance fund,
// which pays a shortfall, so no user field ever goes negative. Funding moves margin from the paying side
// to the receiving side in one command whose postings sum to zero; the platform takes nothing.
//
// This file composes: the state and shared bookkeeping are in contract-state.ts, each family of commands
// in its own file (positions, orders, TP/SL, liquidation, funding, the mark tick), views and invariants in
// contract-views.ts, the snapshot in contracts-snapshot.ts.
import type { Ledger, LedgerTx } from '../ledger/ledger';
import type { CorePart, ExecContext, Execution, HeldAmount } from '../part';
import { reject, requireString } from '../rejection';
import type { Command } from '../types';
import { funding } from './contract-funding';
import { fundInsurance, adlRanking as rankingOf } from './contract-liquidation';
import { cancel, place } from './contract-orders';
import { adjustMargin, configure, leverage } from './contract-positions';
import { ContractsState } from './contract-state';
import { cancelStop, ownStop, placeStop } from './contract-stops';
import { onTick } from './contract-tick';
import { setTpSl } from './contract-tpsl';
import type {
  ContractMarketView,
  ContractOrderView,
  ContractPositionView,
  ContractsReader,
  MarginMode,
  PositionSide,
} from './contract-types';
import * as views from './contract-views';
import { type ContractsSnapshot, restore, snapshot } from './contracts-snapshot';

export type { ContractsSnapshot } from './contracts-snapshot';

export const CONTRACT_IDEMPOTENCY_WINDOW_MS = 5 * 60_000;

export class ContractsPart implements CorePart, ContractsReader {
  readonly name = 'contracts';
  readonly commandTypes = [
    'contract.market',
    'contract.leverage',
    'contract.place',
    'contract.cancel',
    'contract.margin',
    'contract.tpsl',
    'contract.tick',
    'contract.funding',
    'contract.insurance',
  ] as const;
  readonly idempotencyWindowMs = CONTRACT_IDEMPOTENCY_WINDOW_MS;
  private readonly st = new ContractsState();

  execute(command: Command, tx: LedgerTx, ctx: ExecContext): Execution {
    const st = this.st;
    st.begin(ctx);
    switch (command.type) {
      case 'contract.market':
        return configure(st, command.payload, ctx.ledger);
      case 'contract.leverage':
        return leverage(st, command.payload);
      case 'contract.place':
        return command.payload.triggerPrice === undefined
          ? place(st, command.payload, tx, ctx)
          : placeStop(st, command.payload, ctx);
      case 'contract.cancel': {
        // A resting stop of the owner, else an order on the book.
        const { userId, symbol, orderId } = command.payload;
        const m = st.marketOf(symbol);
        const stop = ownStop(st, requireString(userId), Number(requireString(orderId, 20)), m.symbol);
        return stop === undefined ? cancel(st, command.payload, tx) : cancelStop(st, stop, m);
      }
      case 'contract.margin':
        return adjustMargin(st, command.payload, tx);
      case 'contract.tpsl':
        return setTpSl(st, command.payload);
      case 'contract.tick':
        return onTick(st, command.payload.symbol, command.payload.tick, tx, ctx);
      case 'contract.funding':
        return funding(st, command.payload.symbol, command.payload.at, tx, ctx);
      case 'contract.insurance':
        return fundInsurance(command.payload, tx, ctx);
      default:
        return reject('INVALID_COMMAND');
    }
  }

  // ---- reader ----

  settingsOf(userId: string, symbol: string): { leverage: number; mode: MarginMode } {
    return this.st.settingsOf(userId, symbol);
  }

  adlRanking(symbol: string, side: PositionSide): { positionId: string; score: string }[] {
    return rankingOf(this.st, symbol, side);
  }

  markets(): ContractMarketView[] {
    return views.markets(this.st);
  }

  market(symbol: string): ContractMarketView | undefined {
    return views.market(this.st, symbol);
  }

  positionsOf(userId: string, symbol?: string): ContractPositionView[] {
    return views.positionsOf(this.st, userId, symbol);
  }

  position(positionId: string): ContractPositionView | undefined {
    return views.position(this.st, positionId);
  }

  openOrdersOf(userId: string, symbol?: string): ContractOrderView[] {
    return views.openOrdersOf(this.st, userId, symbol);
  }

  openOrder(orderId: string): ContractOrderView | undefined {
    return views.openOrder(this.st, orderId);
  }

  depth(symbol: string, limit: number): { bids: [string, string][]; asks: [string, string][] } | undefined {
    return views.depth(this.st, symbol, limit);
  }

  /** The contract pool's expected balance per settle asset (what the ledger must show). */
  expectedPool(): Map<string, bigint> {
    return views.expectedPool(this.st);
  }

  // ---- part contract ----

  prune(): void {}

  holds(): Iterable<HeldAmount> {
    return views.holds(this.st);
  }

  violations(): string[] {
    return views.violations(this.st);
  }

  snapshot(): ContractsSnapshot | undefined {
    return snapshot(this.st);
  }

  restore(data: unknown, ledger: Ledger): void {
    restore(this.st, data, ledger);
  }
}
