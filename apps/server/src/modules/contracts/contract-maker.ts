// The demo market maker on the contract books (on with MARKET_MAKER): the spot market maker's platform
// account, labelled as such, quoting a small ladder of opening bids and asks around each contract
// market's index, re-quoted when the index moved or its quotes were taken. It trades through the same
// core commands and rules as every user, on labelled demo money (`demo.fund`), so the platform is never
// the counterparty of a user position: the maker is a participant whose positions are its own.
import { type Amount, div, formatAmount, mul, parseAmount, roundTo } from '@coin/shared/money';
import type { MoneyCore } from '@/core/types';
import type { Clock } from '@/lib/clock';
import type { MarketApi } from '@/market/price-index';
import type { ContractMarkets, ContractRules } from './contract-markets';

const LEVELS = 5;
const STEP = parseAmount('0.0005');
/** Settle-asset value of one level. */
const LEVEL_VALUE: Record<string, string> = { USDT: '3000', BTC: '0.05', ETH: '1' };
const FUND: Record<string, string> = { USDT: '5000000', BTC: '100', ETH: '1000' };
const MAKER_LEVERAGE = 5;

export class ContractMaker {
  private readonly quotedAt = new Map<string, string>();
  private n = 0;

  constructor(
    private readonly core: MoneyCore,
    private readonly markets: ContractMarkets,
    private readonly market: () => MarketApi | undefined,
    private readonly clock: Clock,
    readonly makerId: string,
  ) {}

  private async submit(type: string, payload: unknown) {
    this.n += 1;
    return this.core.submit({
      id: `contract-maker:${this.clock.now().getTime()}:${this.n}`,
      actor: this.makerId,
      ts: this.clock.now().getTime(),
      type,
      payload,
    } as never);
  }

  /** Keeps the maker's contract account funded with labelled demo money. */
  private async fund(asset: string): Promise<void> {
    const target = FUND[asset];
    if (target === undefined) return;
    const have = parseAmount(this.core.balance(this.makerId, asset, 'contract').available);
    if (have * 2n >= parseAmount(target)) return;
    const ref = `contract-maker:${this.clock.now().getTime()}:${asset}`;
    const funded = await this.submit('demo.fund', { userId: this.makerId, asset, amount: target, ref });
    if (!funded.ok) return;
    await this.submit('transfer', {
      userId: this.makerId,
      asset,
      amount: target,
      from: 'spot',
      to: 'contract',
    });
  }

  async step(): Promise<void> {
    for (const r of this.markets.all()) {
      if (r.config.status !== 'trading') continue;
      const index = this.market()?.latest(r.indexSymbol)?.price;
      if (index === undefined) continue;
      await this.quote(r, index);
    }
  }

  private async quote(r: ContractRules, index: string): Promise<void> {
    const symbol = r.config.symbol;
    const contracts = this.core.contracts();
    const open = contracts.openOrdersOf(this.makerId, symbol);
    const last = this.quotedAt.get(symbol);
    const moved =
      last === undefined ||
      mul(parseAmount(last), STEP, 'down') < abs(parseAmount(index) - parseAmount(last));
    if (!moved && open.length === LEVELS * 2) return;
    await this.fund(r.settle);
    const settings = contracts.settingsOf(this.makerId, symbol);
    if (settings.leverage !== MAKER_LEVERAGE) {
      await this.submit('contract.leverage', {
        userId: this.makerId,
        symbol,
        leverage: MAKER_LEVERAGE,
        mode: 'isolated',
      });
    }
    for (const o of open)
      await this.submit('contract.cancel', { userId: this.makerId, symbol, orderId: o.orderId });
    const p = parseAmount(index);
    const tick = parseAmount(
      r.config.priceDecimals === 0 ? '1' : `0.${'0'.repeat(r.config.priceDecimals - 1)}1`,
    );
    const value = parseAmount(LEVEL_VALUE[r.settle] ?? '1000');
    for (let i = 1; i <= LEVELS; i++) {
      const offset = mul(p, (STEP * BigInt(i)) as Amount, 'down');
      for (const side of [1, 2] as const) {
        const raw = side === 1 ? p - offset : p + offset;
        const price = mul(
          roundTo(div(raw as Amount, tick, 'down'), 0, side === 1 ? 'down' : 'up'),
          tick,
          'down',
        );
        if (price <= 0n) continue;
        const qty = this.qtyFor(r, price, (value * BigInt(i)) as Amount);
        if (qty === undefined) continue;
        await this.submit('contract.place', {
          userId: this.makerId,
          symbol,
          direction: side,
          type: 'limit',
          price: formatAmount(price),
          quantity: qty,
        });
      }
    }
    this.quotedAt.set(symbol, index);
  }

  /** Contracts worth about `value` of the settle asset at `price`, at least the minimum. */
  private qtyFor(r: ContractRules, price: Amount, value: Amount): string | undefined {
    const size = parseAmount(r.config.contractSize);
    // linear: value / (size x price); inverse: value x price / size.
    const raw =
      r.type === 'coin'
        ? div(mul(value, price, 'down'), size, 'down')
        : div(value, mul(size, price, 'up'), 'down');
    const q = roundTo(raw, r.config.qtyDecimals, 'down');
    const min = parseAmount(r.config.minQty);
    return formatAmount(q < min ? min : q);
  }
}

function abs(a: bigint): Amount {
  return (a < 0n ? -a : a) as Amount;
}
