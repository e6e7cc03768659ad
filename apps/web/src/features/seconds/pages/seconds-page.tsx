// The seconds-contract page (/trade/index?type=sec&symbol=btc): coin switch, the index K-line (what
// contracts settle on), period cards, quantity, rise and fall, the countdown of each open contract and
// its result when it settles (SETTLEMENT push, no reload), and the order list with the evidence. Plain
// React (no antd), so it renders while the antd chunk is still on its way. Desktop: chart | order panel,
// orders below; phones (375 px): stacked.
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '@/lib/use-number-format';
import { rulesQuery } from '../api/seconds-api';
import { CoinSwitch, type SecondsCoin } from '../components/coin-switch';
import { IndexChart } from '../components/index-chart';
import { OrdersTable } from '../components/orders-table';
import { TradePanel } from '../components/trade-panel';
import { useIndexPrice } from '../hooks/use-index-price';
import { useSecondsOrders, useSettlements } from '../hooks/use-seconds-orders';
import { useSecondsUser } from '../hooks/use-seconds-user';
import { useUsdtBalance } from '../hooks/use-usdt-balance';
import type { SecondsOrder } from '../lib/seconds-order';
import '../seconds.css';

const MAX_RESULTS = 5;

/** 'btc', 'BTC', 'btcusdt' -> the coin of the seconds list. */
export function findCoin(coins: SecondsCoin[], wanted: string): SecondsCoin | undefined {
  const key = wanted.replace(/[/_-]/g, '').toLowerCase();
  return coins.find((c) => c.symbol === key) ?? coins.find((c) => c.coin.toLowerCase() === key);
}

export function SecondsPage({ symbol, onPickCoin }: { symbol: string; onPickCoin: (coin: string) => void }) {
  const { t } = useTranslation('seconds');
  const nf = useNumberFormat();
  const rules = useQuery(rulesQuery());
  const coins = rules.data?.coins ?? [];
  const current = findCoin(coins, symbol) ?? coins[0];
  const userId = useSecondsUser();
  const balance = useUsdtBalance(userId, current?.coin ?? 'btc');
  const index = useIndexPrice(current?.symbol ?? '');
  const listed = useSecondsOrders(userId, 'open', 1);
  const [placed, setPlaced] = useState<SecondsOrder[]>([]);
  const [results, setResults] = useState<SecondsOrder[]>([]);
  const [offsetMs, setOffsetMs] = useState(0);

  useSettlements(
    userId,
    useCallback((order: SecondsOrder) => {
      setPlaced((list) => list.filter((o) => o.id !== order.id));
      setResults((list) => [order, ...list.filter((o) => o.id !== order.id)].slice(0, MAX_RESULTS));
    }, []),
  );

  const settledIds = useMemo(() => new Set(results.map((r) => r.id)), [results]);
  const open = useMemo(() => {
    const byId = new Map<string, SecondsOrder>();
    for (const o of [...placed, ...(listed.data?.records ?? [])])
      if (o.status === 'open' && !settledIds.has(o.id)) byId.set(o.id, o);
    return [...byId.values()].sort((a, b) => a.expiresAt - b.expiresAt);
  }, [placed, listed.data, settledIds]);

  const decimalsOf = useCallback(
    (sym: string) => coins.find((c) => c.symbol === sym)?.priceDecimals ?? 2,
    [coins],
  );

  if (rules.isPending) return <div className="sec-page sec-page--loading" data-testid="sec-loading" />;
  const pair = current ? `${current.coin.toUpperCase()}/USDT` : '';
  return (
    <div className="sec-page" data-testid="sec-page" data-symbol={current?.symbol ?? ''}>
      <header className="sec-panel sec-header">
        <div className="sec-header__title">
          <h1 data-testid="trade-type">{t('title')}</h1>
          {current ? (
            <span className="sec-header__pair" data-testid="trade-symbol">
              {pair}
            </span>
          ) : null}
          {current ? (
            <span className="sec-header__price" data-testid="sec-index-price">
              <span className="sec-muted">{t('indexPrice')}</span>{' '}
              <strong>{index ? nf.price(index.price, current.priceDecimals) : '--'}</strong>
            </span>
          ) : null}
          {rules.data?.simulated ? (
            <span className="sec-badge" data-testid="sec-simulated">
              {t('simulated')}
            </span>
          ) : null}
        </div>
        <CoinSwitch
          coins={coins}
          current={current?.symbol ?? ''}
          onPick={(c) => onPickCoin(c.coin.toLowerCase())}
        />
      </header>
      {!current ? (
        <div className="sec-panel sec-empty" data-testid="sec-no-coins">
          {t('noCoins')}
        </div>
      ) : (
        <>
          <div className="sec-area-chart">
            <IndexChart
              key={current.symbol}
              symbol={current.symbol}
              priceDecimals={current.priceDecimals}
              entries={open
                .filter((o) => o.symbol === current.symbol)
                .map((o) => ({ id: o.id, price: o.entryPrice, direction: o.direction }))}
            />
          </div>
          <div className="sec-area-trade">
            <TradePanel
              key={current.symbol}
              symbol={current.symbol}
              coin={current.coin}
              pair={pair}
              priceDecimals={current.priceDecimals}
              periods={rules.data?.periods ?? []}
              userId={userId}
              available={balance?.available}
              open={open}
              results={results}
              indexPrice={index?.price}
              offsetMs={offsetMs}
              toleranceSec={Math.round((rules.data?.settleToleranceMs ?? 5000) / 1000)}
              enabled={rules.data?.enabled !== false}
              onPlaced={(order, offset) => {
                setOffsetMs(offset);
                setPlaced((list) => [order, ...list.filter((o) => o.id !== order.id)]);
              }}
              onDismissResult={(id) => setResults((list) => list.filter((o) => o.id !== id))}
            />
          </div>
        </>
      )}
      <div className="sec-area-orders">
        <OrdersTable userId={userId} decimalsOf={decimalsOf} />
      </div>
    </div>
  );
}
