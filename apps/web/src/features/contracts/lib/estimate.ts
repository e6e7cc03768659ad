// What the order form shows before submitting: the cost (initial margin plus the taker fee) and the
// expected liquidation price of a new position, with the first maintenance tier (0.4 %). Display only:
// the money core decides.
export interface EstimateInput {
  inverse: boolean;
  contractSize: number;
  price: number;
  quantity: number;
  leverage: number;
  takerFeeRate: number;
  long: boolean;
  mmr?: number;
}

export function estimate(i: EstimateInput): { cost: number; liquidation: number | null } {
  const mmr = i.mmr ?? 0.004;
  if (!(i.price > 0 && i.quantity > 0 && i.leverage > 0)) return { cost: 0, liquidation: null };
  const units = i.quantity * i.contractSize;
  const value = i.inverse ? units / i.price : units * i.price;
  const margin = value / i.leverage;
  const cost = margin + value * i.takerFeeRate;
  let liquidation: number | null;
  if (!i.inverse) {
    liquidation = i.long ? (value - margin) / (units * (1 - mmr)) : (value + margin) / (units * (1 + mmr));
  } else {
    liquidation = i.long
      ? (units * (1 + mmr)) / (margin + value)
      : value > margin
        ? (units * (1 - mmr)) / (value - margin)
        : null;
  }
  return { cost, liquidation: liquidation !== null && liquidation > 0 ? liquidation : null };
}

/** Milliseconds to the next funding as HH:MM:SS. */
export function countdown(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(Math.floor(s / 3600))}:${p(Math.floor((s % 3600) / 60))}:${p(s % 60)}`;
}
