// The spot trading page (/trade/index?type=spot, /exchange/index, /exchange/full-screen/{pair}): pair
// header, K-line chart, order book, recent trades, buy and sell forms, and the user's orders below.
// Desktop: book | chart + form | trades. Narrower: stacked. Phones (375 px): chart, book and trades
// behind tabs, then the form with buy/sell tabs, then the orders. `layout="full"` is the chart-dominant
// full-screen variant.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { orderAccount } from '@/features/margin/api/margin-api';
import { useIsPhone } from '@/lib/use-media-query';
import { spotRulesQuery } from '../api/get-spot-rules';
import { KlineChart } from '../components/kline-chart';
import {
  AccountSwitch,
  MarginPanel,
  marginWallet,
  type TradeAccount,
  useMarginProperty,
} from '../components/margin-mode';
import { OrderBook } from '../components/order-book';
import { OrderForm, type PickedPrice } from '../components/order-form';
import { OrdersPanel } from '../components/orders-panel';
import { PairHeader } from '../components/pair-header';
import { TradeTape } from '../components/trade-tape';
import { useOrderBook } from '../hooks/use-order-book';
import { useSpotWallet } from '../hooks/use-spot-wallet';
import { findMarket, type SpotRules } from '../lib/spot-rules';
import '../spot.css';

type PhonePanel = 'chart' | 'book' | 'trades';

export function SpotPage({
  pair,
  onPickPair,
  fallbackPair,
  onFallback,
  layout = 'standard',
}: {
  /** Any spelling: 'BTC_USDT', 'btcusdt', 'btc'. */
  pair: string;
  onPickPair: (rules: SpotRules) => void;
  /** Shown when `pair` is no market (else the page lists the markets to choose from). */
  fallbackPair?: string;
  /** Called once when the fallback is shown (to take the unknown pair out of the URL). */
  onFallback?: () => void;
  layout?: 'standard' | 'full';
}) {
  const { t } = useTranslation('spot');
  const rulesQuery = useQuery(spotRulesQuery());
  const markets = rulesQuery.data ?? [];
  const asked = findMarket(markets, pair);
  const fallback = asked || fallbackPair === undefined ? undefined : findMarket(markets, fallbackPair);
  const rules = asked ?? fallback;
  const fellBack = useRef(false);
  useEffect(() => {
    // Once per unknown pair: the ref clears when a known pair is shown again.
    if (!fallback) fellBack.current = false;
    if (!fallback || fellBack.current) return;
    fellBack.current = true;
    onFallback?.();
  }, [fallback, onFallback]);
  if (rulesQuery.isPending)
    return <div className="spot-page spot-page--loading" data-testid="spot-loading" />;
  if (!rules)
    return (
      <div className="spot-page">
        <div className="spot-panel spot-empty" data-testid="spot-unknown">
          {t('unknownPair', { pair: pair.toUpperCase() })}
          {markets.length > 0 ? (
            <div className="spot-unknown__list">
              {markets.map((m) => (
                <button key={m.symbol} type="button" className="spot-chip" onClick={() => onPickPair(m)}>
                  {m.pair}
                </button>
              ))}
            </div>
          ) : null}
        </div>
      </div>
    );
  return (
    <SpotMarketPage
      key={rules.symbol}
      rules={rules}
      markets={markets}
      onPickPair={onPickPair}
      layout={layout}
    />
  );
}

function SpotMarketPage({
  rules,
  markets,
  onPickPair,
  layout,
}: {
  rules: SpotRules;
  markets: SpotRules[];
  onPickPair: (rules: SpotRules) => void;
  layout: 'standard' | 'full';
}) {
  const { t } = useTranslation('spot');
  const phone = useIsPhone();
  const [panel, setPanel] = useState<PhonePanel>('chart');
  const [picked, setPicked] = useState<PickedPrice>();
  const raw = useOrderBook(rules.symbol);
  const { wallet: spotWallet, loggedIn } = useSpotWallet(rules.coin, rules.quote);
  // Spot by default; in a margin mode the form spends the margin account's balances (docs/margin.md).
  const [account, setAccount] = useState<TradeAccount>('spot');
  const margin = useMarginProperty(account, rules, loggedIn);
  const wallet = account === 'spot' ? spotWallet : marginWallet(margin, rules);
  const queryClient = useQueryClient();
  const pick = (price: string) => setPicked((old) => ({ price, n: (old?.n ?? 0) + 1 }));
  const pickPair = (symbol: string) => {
    const next = markets.find((m) => m.symbol === symbol);
    if (next) onPickPair(next);
  };
  const chart = <KlineChart rules={rules} tall={layout === 'full'} />;
  const book = (
    <OrderBook rules={rules} raw={raw} depth={phone ? 10 : layout === 'full' ? 12 : 14} onPickPrice={pick} />
  );
  const trades = <TradeTape rules={rules} rows={phone ? 20 : 28} />;
  return (
    <div className={`spot-page spot-page--${layout}`} data-testid="spot-page" data-symbol={rules.symbol}>
      <PairHeader rules={rules} markets={markets} onPick={pickPair} />
      {phone ? (
        <>
          <div className="spot-tabs spot-tabs--phone" role="tablist" data-testid="spot-phone-tabs">
            {(['chart', 'book', 'trades'] as const).map((p) => (
              <button
                key={p}
                type="button"
                role="tab"
                aria-selected={panel === p}
                className={`spot-tab${panel === p ? ' spot-tab--on' : ''}`}
                onClick={() => setPanel(p)}
                data-testid={`spot-phone-tab-${p}`}
              >
                {t(`panels.${p}`)}
              </button>
            ))}
          </div>
          <div className="spot-phone-panel">
            {panel === 'chart' ? chart : panel === 'book' ? book : trades}
          </div>
        </>
      ) : (
        <>
          <div className="spot-area-book">{book}</div>
          <div className="spot-area-chart">{chart}</div>
          <div className="spot-area-trades">{trades}</div>
        </>
      )}
      <div className="spot-area-form">
        {loggedIn ? <AccountSwitch value={account} onChange={setAccount} /> : null}
        {loggedIn && account !== 'spot' ? (
          <MarginPanel mode={account} rules={rules} property={margin} />
        ) : null}
        <OrderForm
          rules={rules}
          wallet={wallet}
          loggedIn={loggedIn}
          picked={picked}
          bestBid={raw.bids[0]?.[0]}
          bestAsk={raw.asks[0]?.[0]}
          account={account === 'spot' ? undefined : orderAccount(account)}
          onPlaced={() => {
            void queryClient.invalidateQueries({ queryKey: ['spot'] });
            if (account !== 'spot') void queryClient.invalidateQueries({ queryKey: ['margin'] });
          }}
        />
      </div>
      <div className="spot-area-orders">
        <OrdersPanel rules={rules} loggedIn={loggedIn} />
      </div>
    </div>
  );
}
