// Swap (spot account, index price at the moment of the call, fee in the received asset) and transfers
// between a user's account types. Both are single core commands.
import { div, parseAmount, ZERO } from '@coin/shared/money';
import { AppError } from '@/lib/app-error';
import { fmt, parseAssetAmount } from './amounts';
import { accountTypeCode, movableAccountType, submitOrThrow } from './core-calls';
import { coreCommandId, withIdempotency } from './idempotency';
import type { WalletContext } from './wallet-context';

export interface SwapQuote {
  from: string;
  to: string;
  price: string;
  feeRate: string;
  priceTime: string;
  source: string;
  simulated: boolean;
}

/** Transfers that involve a margin account ('4' cross, '5:<symbol>' isolated): undefined when none does. */
export interface MarginTransferHook {
  transfer(
    userId: bigint,
    input: { coin: string; amount: string; from: string; to: string },
    key: string | undefined,
  ): Promise<unknown> | undefined;
}

export class ExchangeService {
  constructor(
    private readonly ctx: WalletContext,
    private readonly isMerchant: (userId: bigint) => Promise<boolean>,
  ) {}

  /** to-units per 1 from-unit from the two USDT index prices; SWAP_PRICE_UNAVAILABLE when either is missing. */
  quote(fromCode: string, toCode: string): SwapQuote {
    const from = this.ctx.assets.get(fromCode, 'from');
    const to = this.ctx.assets.get(toCode, 'to');
    if (from.asset === to.asset)
      throw new AppError('SWAP_SAME_ASSET', [{ field: 'to', key: 'errors.SWAP_SAME_ASSET' }]);
    const market = this.ctx.market();
    const leg = (asset: string) => {
      if (asset === 'USDT') return { price: '1', time: undefined, source: undefined };
      const tick = market?.latest(`${asset}USDT`);
      const price = market?.usdtPrice(asset) ?? tick?.price;
      if (price === undefined) throw new AppError('SWAP_PRICE_UNAVAILABLE');
      return { price, time: tick?.time, source: tick?.source };
    };
    const a = leg(from.asset);
    const b = leg(to.asset);
    const pb = parseAmount(b.price);
    if (pb === ZERO) throw new AppError('SWAP_PRICE_UNAVAILABLE');
    const price = div(parseAmount(a.price), pb, 'down');
    const times = [a.time, b.time].filter((t): t is number => t !== undefined);
    const time = times.length > 0 ? Math.min(...times) : this.ctx.clock.now().getTime();
    const sources = [...new Set([a.source, b.source].filter((s): s is string => s !== undefined))];
    return {
      from: from.asset,
      to: to.asset,
      price: fmt(price),
      feeRate: fmt(parseAmount(this.ctx.config.SWAP_FEE_RATE)),
      priceTime: new Date(time).toISOString(),
      source: sources.join('+') || 'index',
      simulated: market?.simulated() ?? false,
    };
  }

  async swap(userId: bigint, input: { from: string; to: string; amount: string }, key: string | undefined) {
    const q = this.quote(input.from, input.to);
    const fromAsset = this.ctx.assets.get(q.from, 'from');
    const toAsset = this.ctx.assets.get(q.to, 'to');
    const amount = parseAssetAmount(input.amount, fromAsset);
    return withIdempotency(
      this.ctx.db,
      {
        userId,
        route: 'swap',
        key,
        body: { from: q.from, to: q.to, amount: fmt(amount) },
        now: this.ctx.clock.now(),
        rerun: true,
      },
      async () => {
        // After a crash the quote may have moved: the core's first result for this id stands.
        const result = await submitOrThrow(
          this.ctx.core(),
          {
            id: coreCommandId('swap', userId, key),
            actor: userId.toString(),
            ts: this.ctx.clock.now().getTime(),
            type: 'swap',
            payload: {
              userId: userId.toString(),
              fromAsset: q.from,
              toAsset: q.to,
              amount: fmt(amount),
              price: q.price,
              feeRate: q.feeRate,
              priceRef: `${q.source}@${q.priceTime}`,
              toDecimals: toAsset.decimals,
            },
          },
          { firstResult: true },
        );
        // The core's reply (kept with the first result, so a repeat answers the same numbers).
        const reply = result.reply ?? {};
        return {
          from: q.from,
          to: q.to,
          amount: fmt(amount),
          price: q.price,
          feeRate: q.feeRate,
          receive: String(reply.receive ?? '0'),
          fee: String(reply.fee ?? '0'),
          credited: String(reply.credited ?? '0'),
          priceTime: q.priceTime,
          source: q.source,
        };
      },
    );
  }

  /** Set by the margin area: transfers to or from a margin account code go there (docs/margin.md). */
  marginTransfers: MarginTransferHook | undefined;

  async transfer(
    userId: bigint,
    input: { coin: string; amount: string; from: string; to: string },
    key: string | undefined,
  ) {
    const viaMargin = this.marginTransfers?.transfer(userId, input, key);
    if (viaMargin !== undefined) return viaMargin;
    const asset = this.ctx.assets.get(input.coin);
    const merchant = await this.isMerchant(userId);
    const from = movableAccountType(input.from, merchant, 'from');
    const to = movableAccountType(input.to, merchant, 'to');
    if (from === to)
      throw new AppError('TRANSFER_SAME_ACCOUNT', [{ field: 'to', key: 'errors.TRANSFER_SAME_ACCOUNT' }]);
    const amount = parseAssetAmount(input.amount, asset);
    return withIdempotency(
      this.ctx.db,
      {
        userId,
        route: 'transfer',
        key,
        body: { coin: asset.asset, amount: fmt(amount), from, to },
        now: this.ctx.clock.now(),
        rerun: true,
      },
      async () => {
        const core = this.ctx.core();
        await submitOrThrow(core, {
          id: coreCommandId('transfer', userId, key),
          actor: userId.toString(),
          ts: this.ctx.clock.now().getTime(),
          type: 'transfer',
          payload: { userId: userId.toString(), asset: asset.asset, amount: fmt(amount), from, to },
        });
        const side = (t: typeof from) => {
          const b = core.balance(userId.toString(), asset.asset, t);
          return { available: b.available, frozen: b.frozen };
        };
        return {
          coin: asset.asset,
          amount: fmt(amount),
          from: accountTypeCode(from),
          to: accountTypeCode(to),
          balances: { from: side(from), to: side(to) },
        };
      },
    );
  }
}
