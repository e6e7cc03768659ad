// Balance views: per-coin balances of one account type (or the total view), valued in USDT with the
// market's index prices and in the user's display fiat with the operator-configured rates (getCoinRate).
import { type Amount, add, mul, parseAmount, ZERO } from '@coin/shared/money';
import { eq } from 'drizzle-orm';
import type { AccountType, MoneyCore } from '@/core/types';
import type { Executor } from '@/db/client';
import { users } from '@/db/schema';
import { AppError } from '@/lib/app-error';
import type { MarketApi } from '@/market/price-index';
import type { SettingsService } from '@/modules/common/settings-service';
import { fmt } from './amounts';
import { type AccountTypeCode, accountTypeCode, visibleAccountTypes } from './core-calls';
import type { WalletAssets } from './wallet-assets';

export interface CoinBalance {
  coin: string;
  decimals: number;
  available: string;
  frozen: string;
  total: string;
  usdtPrice: string | null;
  usdtValue: string;
  fiatValue: string;
}

export interface FiatRate {
  currency: string;
  rate: string;
}

const TYPE_NAMES = { '0': 'total', '1': 'spot', '2': 'contract', '3': 'finance', '8': 'merchant' } as const;

export class BalanceService {
  constructor(
    private readonly db: Executor,
    private readonly core: () => MoneyCore,
    private readonly market: () => MarketApi | undefined,
    private readonly assets: WalletAssets,
    private readonly settings: SettingsService,
  ) {}

  async isMerchant(userId: bigint): Promise<boolean> {
    const [row] = await this.db
      .select({ isMerchant: users.isMerchant })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row?.isMerchant === 2;
  }

  /** The display fiat and its rate per 1 USDT; unknown codes fall back to the default currency. */
  async fiat(requested: string | undefined): Promise<FiatRate> {
    const [currencies, fallback] = await Promise.all([
      this.settings.get('currencies'),
      this.settings.get('defaultCurrency'),
    ]);
    const pick = (code: string | undefined) =>
      code ? currencies.find((c) => c.exchange_code.toUpperCase() === code.toUpperCase()) : undefined;
    const found = pick(requested) ?? pick(fallback) ?? currencies[0];
    return found ? { currency: found.exchange_code, rate: found.rate } : { currency: 'USDT', rate: '1' };
  }

  usdtPrice(asset: string): string | undefined {
    if (asset === 'USDT') return '1';
    return this.market()?.usdtPrice(asset);
  }

  /** Available and frozen per coin of one account type, or summed over the visible types ('total'). */
  amounts(userId: bigint, type: AccountType | 'total', isMerchant: boolean) {
    const types = type === 'total' ? visibleAccountTypes(isMerchant) : [type];
    const map = new Map<string, { available: Amount; frozen: Amount }>();
    for (const b of this.core().balancesOf(userId.toString())) {
      if (!types.includes(b.accountType)) continue;
      const cur = map.get(b.asset) ?? { available: ZERO, frozen: ZERO };
      map.set(b.asset, {
        available: add(cur.available, parseAmount(b.available)),
        frozen: add(cur.frozen, parseAmount(b.frozen)),
      });
    }
    return map;
  }

  /** The coin list of one view, valued; totals exclude coins without a price (listed in unpricedCoins). */
  view(
    userId: bigint,
    type: AccountType | 'total',
    isMerchant: boolean,
    rate: FiatRate,
    opts: { coin?: string | undefined; hideZero?: boolean | undefined } = {},
  ) {
    const amounts = this.amounts(userId, type, isMerchant);
    const fiatRate = parseAmount(rate.rate);
    let totalUsdt = ZERO;
    const unpricedCoins: string[] = [];
    const list: CoinBalance[] = [];
    // Wallet assets in their order, then anything else the core holds for the user (e.g. listed later).
    const codes = [...this.assets.all().map((a) => a.asset)];
    for (const code of amounts.keys()) if (!codes.includes(code)) codes.push(code);
    for (const coin of codes) {
      if (opts.coin && coin !== opts.coin) continue;
      const a = amounts.get(coin) ?? { available: ZERO, frozen: ZERO };
      const total = add(a.available, a.frozen);
      if (opts.hideZero && total === ZERO) continue;
      const price = this.usdtPrice(coin);
      let usdtValue = ZERO;
      if (price !== undefined) usdtValue = mul(total, parseAmount(price), 'down');
      else if (total !== ZERO) unpricedCoins.push(coin);
      totalUsdt = add(totalUsdt, usdtValue);
      list.push({
        coin,
        decimals: this.assets.find(coin)?.decimals ?? 8,
        available: fmt(a.available),
        frozen: fmt(a.frozen),
        total: fmt(total),
        usdtPrice: price ?? null,
        usdtValue: fmt(usdtValue),
        fiatValue: fmt(mul(usdtValue, fiatRate, 'down')),
      });
    }
    return {
      totalUsdt: fmt(totalUsdt),
      totalFiat: fmt(mul(totalUsdt, fiatRate, 'down')),
      list,
      unpricedCoins,
    };
  }

  /** getWalletAccount: one total per account type, '0' (everything) first. */
  async walletAccount(userId: bigint, currency: string | undefined) {
    const [merchant, rate] = await Promise.all([this.isMerchant(userId), this.fiat(currency)]);
    const total = this.view(userId, 'total', merchant, rate);
    const accounts: Array<{ type: AccountTypeCode; name: string; totalUsdt: string; totalFiat: string }> = [
      { type: '0', name: TYPE_NAMES['0'], totalUsdt: total.totalUsdt, totalFiat: total.totalFiat },
    ];
    for (const t of visibleAccountTypes(merchant)) {
      const v = this.view(userId, t, merchant, rate);
      const code = accountTypeCode(t);
      accounts.push({ type: code, name: TYPE_NAMES[code], totalUsdt: v.totalUsdt, totalFiat: v.totalFiat });
    }
    return {
      currency: rate.currency,
      rate: rate.rate,
      totalUsdt: total.totalUsdt,
      totalFiat: total.totalFiat,
      accounts,
      unpricedCoins: total.unpricedCoins,
    };
  }

  /** getCurrencyAccount / getMyBalance: the coin list of one wire type code. */
  async currencyAccount(
    userId: bigint,
    code: string,
    opts: { currency?: string | undefined; coin?: string | undefined; hideZero?: boolean | undefined },
  ) {
    const [merchant, rate] = await Promise.all([this.isMerchant(userId), this.fiat(opts.currency)]);
    const type = viewType(code, merchant);
    const v = this.view(userId, type, merchant, rate, opts);
    return { type: code, currency: rate.currency, rate: rate.rate, ...v };
  }
}

/** A viewable type for a wire code: '0' total, or a visible account type. */
export function viewType(code: string, isMerchant: boolean): AccountType | 'total' {
  const map: Record<string, AccountType | 'total'> = {
    '0': 'total',
    '1': 'spot',
    '2': 'contract',
    '3': 'finance',
    '8': 'merchant',
  };
  const type = map[code];
  if (type === undefined || (type === 'merchant' && !isMerchant)) {
    throw new AppError('WALLET_ACCOUNT_TYPE_INVALID', [
      { field: 'type', key: 'errors.WALLET_ACCOUNT_TYPE_INVALID' },
    ]);
  }
  return type;
}
