// The embedded, seeded price simulator: per-coin geometric Brownian motion (no drift) with the coin's
// annual volatility, one step per `stepMs` of clock time. Every random draw is a hash of (seed, symbol,
// step index), so the same seed, clock and starting point always give the same prices and volumes; a
// restart continues from the last stored tick. Volume is simulated around the coin's configured 24 h
// turnover and is labelled simulated wherever it is shown.
import { type Amount, amountFromAtoms } from '@coin/shared/money';
import { atoms, floatToDecimal } from '../decimal';
import type { Bar } from '../kline';
import { FEED_KINDS, type PriceFeed, type SourceQuote } from './price-feed';

export interface SimulatedCoin {
  /** 'BTCUSDT' */
  symbol: string;
  initialPrice: number;
  /** Annual volatility, e.g. 0.6. */
  volatility: number;
  dailyTurnover: number;
  priceDecimals: number;
  qtyDecimals: number;
}

interface SymbolState {
  coin: SimulatedCoin;
  key: number;
  logPrice: number;
  step: number;
  /** Time and result of the latest quote, so asking twice at one instant adds no volume. */
  quotedAt: number;
  lastQuote: SourceQuote | undefined;
}

const YEAR_MS = 365 * 86_400_000;
const DAY_MS = 86_400_000;
/** Beyond this many missed steps the walk jumps once with the summed variance (a restart after days). */
const MAX_STEPS_WALKED = 3600;

function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function mix32(input: number): number {
  let h = input >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A uniform in (0, 1) from a key, a step index (any safe integer) and a lane. */
function uniform(key: number, index: number, lane: number): number {
  const lo = index >>> 0;
  const hi = Math.floor(index / 4294967296) >>> 0;
  const h = mix32(key ^ mix32(lo ^ mix32(hi + 0x9e3779b9 * (lane + 1))));
  return (h + 0.5) / 4294967296;
}

/** A standard normal draw (Box-Muller) for a step. */
export function normal(key: number, index: number, lane = 0): number {
  const u1 = uniform(key, index, lane * 2);
  const u2 = uniform(key, index, lane * 2 + 1);
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

export class SimulatorFeed implements PriceFeed {
  readonly name = 'simulator';
  readonly kind = FEED_KINDS.simulator;
  private readonly states = new Map<string, SymbolState>();
  private latest: number | null = null;

  constructor(
    private readonly seed: string,
    readonly stepMs: number,
  ) {}

  has(symbol: string): boolean {
    return this.states.has(symbol);
  }

  /** Starts (or restarts) a symbol's walk at `price` as of `time`. */
  start(coin: SimulatedCoin, price: number, time: number): void {
    this.states.set(coin.symbol, {
      coin,
      key: fnv1a(`${this.seed}|${coin.symbol}`),
      logPrice: Math.log(price),
      step: Math.floor(time / this.stepMs),
      quotedAt: time,
      lastQuote: undefined,
    });
  }

  lastTime(): number | null {
    return this.latest;
  }

  quote(symbol: string, now: number): SourceQuote | undefined {
    const s = this.states.get(symbol);
    if (s === undefined) return undefined;
    if (s.lastQuote !== undefined && now <= s.quotedAt) return { ...s.lastQuote, volume: atoms('0') };
    const target = Math.floor(now / this.stepMs);
    const steps = Math.max(0, target - s.step);
    const sigma = s.coin.volatility * Math.sqrt(this.stepMs / YEAR_MS);
    if (steps > MAX_STEPS_WALKED) {
      s.logPrice += sigma * Math.sqrt(steps) * normal(s.key, target, 7);
    } else {
      for (let k = s.step + 1; k <= target; k += 1) s.logPrice += sigma * normal(s.key, k);
    }
    s.step = Math.max(s.step, target);
    const priceText = this.priceText(s);
    const price = atoms(priceText);
    const volume = this.volume(s, Math.min(steps, MAX_STEPS_WALKED), target, Number(priceText));
    const quote: SourceQuote = { price, time: now, volume };
    s.quotedAt = now;
    s.lastQuote = quote;
    this.latest = now;
    return quote;
  }

  /**
   * Generates the minute bars of [from, to) for a fresh start, walking the symbol's state forward so the
   * live walk continues from the last back-filled close. Four sub-steps per minute give high and low.
   */
  backfill(symbol: string, from: number, to: number): Bar[] {
    const s = this.states.get(symbol);
    if (s === undefined) return [];
    const bars: Bar[] = [];
    const sub = 4;
    const sigma = s.coin.volatility * Math.sqrt(60_000 / sub / YEAR_MS);
    const first = Math.floor(from / 60_000);
    const last = Math.floor((to - 1) / 60_000);
    for (let minute = first; minute <= last; minute += 1) {
      const open = this.priceText(s);
      const prices = [Number(open)];
      for (let j = 0; j < sub; j += 1) {
        s.logPrice += sigma * normal(s.key, minute, 100 + j);
        prices.push(Number(this.priceText(s)));
      }
      const close = this.priceText(s);
      const turnover = (s.coin.dailyTurnover / 1440) * this.noise(s.key, minute, 200);
      const qty = floatToDecimal(turnover / Number(close), s.coin.qtyDecimals) || '0';
      const amount = floatToDecimal(Number(qty) * Number(close), 8) || '0';
      bars.push({
        time: minute * 60_000,
        open: atoms(open),
        high: atoms(this.round(s, Math.max(...prices))),
        low: atoms(this.round(s, Math.min(...prices))),
        close: atoms(close),
        volume: atoms(qty),
        amount: atoms(amount),
        simulated: true,
      });
    }
    s.step = Math.floor(to / this.stepMs);
    return bars;
  }

  private priceText(s: SymbolState): string {
    return this.round(s, Math.exp(s.logPrice));
  }

  /** Rounded to the market's decimals, never below one price unit (a walk cannot reach zero). */
  private round(s: SymbolState, value: number): string {
    const text = floatToDecimal(value, s.coin.priceDecimals);
    if (text === '' || text === '0') return floatToDecimal(10 ** -s.coin.priceDecimals, s.coin.priceDecimals);
    return text;
  }

  /** Log-normal factor with mean 1: volume is lumpy but averages the configured turnover. */
  private noise(key: number, index: number, lane: number): number {
    return Math.exp(0.6 * normal(key, index, lane) - 0.18);
  }

  private volume(s: SymbolState, steps: number, target: number, price: number): Amount {
    if (steps === 0 || price <= 0) return amountFromAtoms(0n);
    const perStep = (s.coin.dailyTurnover * this.stepMs) / DAY_MS;
    const turnover = perStep * steps * this.noise(s.key, target, 50);
    const qty = floatToDecimal(turnover / price, s.coin.qtyDecimals);
    return qty === '' ? amountFromAtoms(0n) : atoms(qty);
  }
}
