// The order book view model: levels from the live book (DepthSync, strings) grouped to a multiple of the
// tick (bids down, asks up, so a grouped level never shows a better price than exists), the cumulative
// sums for the depth bars, and the spread. Pure and exact (bigint units of the price and quantity).
import type { DepthLevel } from '@coin/shared/depth-sync';
import { amountFromAtoms, formatAmount, parseAmount, roundDiv } from '@coin/shared/money';

export interface BookRow {
  price: string;
  qty: string;
  /** Sum of qty from the best level to this one. */
  cumulative: string;
  /** cumulative / the largest cumulative shown on either side, 0..1 (bar width). */
  ratio: number;
}

export interface BookView {
  /** Best first (highest bid first). */
  bids: BookRow[];
  /** Best first (lowest ask first); the component draws them reversed above the spread. */
  asks: BookRow[];
  bestBid: string | undefined;
  bestAsk: string | undefined;
  spread: string | undefined;
}

export const GROUP_MULTIPLES = [1, 10, 100] as const;

/** The grouping step for a multiple of the tick ('0.01' x 10 -> '0.1'). */
export function groupStep(tickSize: string, multiple: number): string {
  return formatAmount(amountFromAtoms(parseAmount(tickSize) * BigInt(multiple)));
}

function group(
  levels: readonly DepthLevel[],
  step: bigint,
  side: 'bid' | 'ask',
  depth: number,
): Array<{ price: bigint; qty: bigint }> {
  const out: Array<{ price: bigint; qty: bigint }> = [];
  for (const [p, q] of levels) {
    const price = parseAmount(p);
    const qty = parseAmount(q);
    const bucket = roundDiv(price, step, side === 'bid' ? 'down' : 'up') * step;
    const last = out.at(-1);
    if (last && last.price === bucket) last.qty += qty;
    else {
      if (out.length === depth) break;
      out.push({ price: bucket, qty });
    }
  }
  return out;
}

/**
 * `bids` best (highest) first and `asks` best (lowest) first, as DepthSync returns them; `depth` rows per
 * side after grouping; prices shown at `priceDecimals`.
 */
export function buildBookView(
  bids: readonly DepthLevel[],
  asks: readonly DepthLevel[],
  options: { tickSize: string; multiple: number; depth: number; priceDecimals: number },
): BookView {
  const step = parseAmount(groupStep(options.tickSize, options.multiple));
  const b = group(bids, step, 'bid', options.depth);
  const a = group(asks, step, 'ask', options.depth);
  const withSums = (rows: Array<{ price: bigint; qty: bigint }>) => {
    let sum = 0n;
    return rows.map((r) => {
      sum += r.qty;
      return { ...r, sum };
    });
  };
  const bs = withSums(b);
  const as = withSums(a);
  const maxSum = [bs.at(-1)?.sum ?? 0n, as.at(-1)?.sum ?? 0n].reduce((x, y) => (x > y ? x : y), 0n);
  const toRow = (r: { price: bigint; qty: bigint; sum: bigint }): BookRow => ({
    price: formatAmount(amountFromAtoms(r.price), options.priceDecimals),
    qty: formatAmount(amountFromAtoms(r.qty)),
    cumulative: formatAmount(amountFromAtoms(r.sum)),
    ratio: maxSum > 0n ? Number((r.sum * 10_000n) / maxSum) / 10_000 : 0,
  });
  const bestBid = bids[0]?.[0];
  const bestAsk = asks[0]?.[0];
  const spread =
    bestBid !== undefined && bestAsk !== undefined
      ? formatAmount(amountFromAtoms(parseAmount(bestAsk) - parseAmount(bestBid)))
      : undefined;
  return { bids: bs.map(toRow), asks: as.map(toRow), bestBid, bestAsk, spread };
}
