// The wallet part of the money core: deposits, withdrawal holds, transfers between a user's account
// types, swaps against the swap desk, and operator adjustments (docs/money-core.md "Commands and their
// postings"). Its state slice is the open withdrawal holds.
import { type Amount, mul, roundTo } from '@coin/shared/money';
import { formatAtoms } from '../atoms';
import { compareText, type LedgerTx } from '../ledger/ledger';
import type { CorePart, ExecContext, Execution, HeldAmount } from '../part';
import {
  optionalDecimals,
  parseCanonical,
  parseSigned,
  reject,
  requireAsset,
  requireString,
} from '../rejection';
import { ACCOUNT_TYPES, type AccountType, type Command, type Hold } from '../types';

const ONE = 10n ** 18n;

interface HoldState {
  userId: string;
  asset: string;
  amount: Amount;
  fee: Amount;
}

/** [withdrawalId, userId, asset, amount, fee], sorted by withdrawalId. */
export type WalletSnapshot = { holds: [string, string, string, string, string][] };

function isAccountType(v: unknown): v is AccountType {
  return typeof v === 'string' && (ACCOUNT_TYPES as readonly string[]).includes(v);
}

export class WalletPart implements CorePart {
  readonly name = 'wallet';
  readonly commandTypes = [
    'deposit.credit',
    'withdraw.freeze',
    'withdraw.complete',
    'withdraw.release',
    'transfer',
    'swap',
    'adjust',
    'demo.fund',
  ] as const;
  private readonly holdsById = new Map<string, HoldState>();

  execute(command: Command, tx: LedgerTx, { ledger, fees }: ExecContext): Execution {
    switch (command.type) {
      case 'deposit.credit': {
        const { userId, asset, amount, ref } = command.payload;
        requireString(userId);
        requireAsset(asset);
        const a = parseCanonical(amount, 'positive');
        ledger.checkAmount(asset, a);
        const r = requireString(ref, 500);
        tx.system('deposit_clearing', asset, -a as Amount);
        tx.user(userId, asset, 'spot', 'available', a);
        return { ref: r };
      }
      case 'demo.fund': {
        const { userId, asset, amount, ref } = command.payload;
        requireString(userId);
        requireAsset(asset);
        const a = parseCanonical(amount, 'positive');
        ledger.checkAmount(asset, a);
        const r = requireString(ref, 500);
        tx.system('demo_funding', asset, -a);
        tx.user(userId, asset, 'spot', 'available', a);
        return { ref: r };
      }
      case 'withdraw.freeze': {
        const { userId, asset, amount, fee, withdrawalId } = command.payload;
        requireString(userId);
        requireAsset(asset);
        requireString(withdrawalId);
        const a = parseCanonical(amount, 'positive');
        const f = parseCanonical(fee, 'nonNegative');
        ledger.checkAmount(asset, a);
        ledger.checkAmount(asset, f);
        if (this.holdsById.has(withdrawalId)) reject('HOLD_EXISTS');
        tx.freeze(userId, asset, 'spot', (a + f) as Amount);
        tx.afterCommit(() => this.holdsById.set(withdrawalId, { userId, asset, amount: a, fee: f }));
        return { ref: withdrawalId };
      }
      case 'withdraw.complete': {
        const { withdrawalId } = command.payload;
        requireString(withdrawalId);
        const decimals = optionalDecimals(command.payload.decimals);
        const hold = this.holdsById.get(withdrawalId) ?? reject('HOLD_NOT_FOUND');
        // In whole units of the asset; any finer dust of the fee (a hold frozen with more decimals than
        // the asset has) goes to fee revenue with the remainder, so the parts still sum to the fee.
        tx.user(hold.userId, hold.asset, 'spot', 'frozen', -(hold.amount + hold.fee) as Amount);
        tx.system('withdrawal_clearing', hold.asset, hold.amount);
        // The fee split (security fund, referral rebates, fee revenue) of core/referral/fee-split.ts.
        fees.post(tx, hold.userId, hold.asset, hold.fee, decimals);
        tx.afterCommit(() => this.holdsById.delete(withdrawalId));
        return { ref: withdrawalId };
      }
      case 'withdraw.release': {
        const { withdrawalId, reason } = command.payload;
        requireString(withdrawalId);
        if (reason !== 'rejected' && reason !== 'cancelled') reject('INVALID_COMMAND');
        const hold = this.holdsById.get(withdrawalId) ?? reject('HOLD_NOT_FOUND');
        const total = (hold.amount + hold.fee) as Amount;
        tx.user(hold.userId, hold.asset, 'spot', 'frozen', -total as Amount);
        tx.user(hold.userId, hold.asset, 'spot', 'available', total);
        tx.afterCommit(() => this.holdsById.delete(withdrawalId));
        return { ref: withdrawalId };
      }
      case 'transfer': {
        const { userId, asset, amount, from, to } = command.payload;
        requireString(userId);
        requireAsset(asset);
        if (!isAccountType(from) || !isAccountType(to)) reject('INVALID_COMMAND');
        const a = parseCanonical(amount, 'positive');
        ledger.checkAmount(asset, a);
        if (from === to) reject('SAME_ACCOUNT');
        tx.requireAvailable(userId, asset, from, a);
        tx.user(userId, asset, from, 'available', -a as Amount);
        tx.user(userId, asset, to, 'available', a);
        return { ref: `${from}->${to}` };
      }
      case 'swap': {
        const { userId, fromAsset, toAsset, amount, price, feeRate, priceRef } = command.payload;
        requireString(userId);
        requireAsset(fromAsset);
        requireAsset(toAsset);
        const decimals = optionalDecimals(command.payload.toDecimals);
        const r = requireString(priceRef, 500);
        if (fromAsset === toAsset) reject('INVALID_COMMAND');
        const a = parseCanonical(amount, 'positive');
        const px = parseCanonical(price, 'positive');
        const rate = parseCanonical(feeRate, 'nonNegative');
        if (rate >= ONE) reject('INVALID_AMOUNT');
        ledger.checkAmount(fromAsset, a);
        // The user never receives more than the quote: receive rounds down, the fee rounds up, both to
        // toAsset's decimals, so no balance gets more decimals than the asset has.
        const receive = roundTo(mul(a, px, 'down'), decimals, 'down');
        const fee = roundTo(mul(receive, rate, 'up'), decimals, 'up');
        const net = (receive - fee) as Amount;
        if (net <= 0n) reject('INVALID_AMOUNT');
        ledger.checkAmount(toAsset, receive);
        tx.requireAvailable(userId, fromAsset, 'spot', a);
        tx.user(userId, fromAsset, 'spot', 'available', -a as Amount);
        tx.system('swap_desk', fromAsset, a);
        tx.system('swap_desk', toAsset, -receive as Amount);
        tx.user(userId, toAsset, 'spot', 'available', net);
        fees.post(tx, userId, toAsset, fee, decimals);
        return {
          ref: r,
          reply: { receive: formatAtoms(receive), fee: formatAtoms(fee), credited: formatAtoms(net) },
        };
      }
      case 'adjust': {
        const { userId, asset, accountType, amount, ref } = command.payload;
        requireString(userId);
        requireAsset(asset);
        if (!isAccountType(accountType)) reject('INVALID_COMMAND');
        const r = requireString(ref, 500);
        const a = parseSigned(amount);
        ledger.checkAmount(asset, a);
        if (a < 0n) tx.requireAvailable(userId, asset, accountType, -a as Amount);
        tx.user(userId, asset, accountType, 'available', a);
        tx.system('adjustment', asset, -a as Amount);
        return { ref: r };
      }
      default:
        return reject('INVALID_COMMAND');
    }
  }

  holdOf(withdrawalId: string): Hold | undefined {
    const h = this.holdsById.get(withdrawalId);
    if (h === undefined) return undefined;
    return {
      withdrawalId,
      userId: h.userId,
      asset: h.asset,
      amount: formatAtoms(h.amount),
      fee: formatAtoms(h.fee),
    };
  }

  *openHolds(): Generator<Hold> {
    for (const id of this.holdsById.keys()) {
      const h = this.holdOf(id);
      if (h !== undefined) yield h;
    }
  }

  *holds(): Generator<HeldAmount> {
    // Withdrawals leave from the spot account.
    for (const h of this.holdsById.values()) {
      yield { userId: h.userId, asset: h.asset, accountType: 'spot', amount: h.amount + h.fee };
    }
  }

  violations(): string[] {
    return [];
  }

  snapshot(): WalletSnapshot {
    const holds: WalletSnapshot['holds'] = [...this.holdsById.entries()]
      .map(([id, h]): WalletSnapshot['holds'][number] => [
        id,
        h.userId,
        h.asset,
        formatAtoms(h.amount),
        formatAtoms(h.fee),
      ])
      .sort((x, y) => compareText(x[0], y[0]));
    return { holds };
  }

  restore(data: unknown): void {
    const { holds } = data as WalletSnapshot;
    this.holdsById.clear();
    for (const [id, userId, asset, amount, fee] of holds) {
      this.holdsById.set(id, {
        userId,
        asset,
        amount: parseCanonical(amount, 'nonNegative'),
        fee: parseCanonical(fee, 'nonNegative'),
      });
    }
  }
}
