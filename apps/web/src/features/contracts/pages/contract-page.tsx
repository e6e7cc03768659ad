// The contract trade page (/trade/index?type=usta, /exchange/full-contract/{usdt|coin}): market switch,
// mark, index and last price with the funding countdown, the book, the order form (open/close,
// limit/market, leverage and margin mode, cost and liquidation estimate before submitting, the risk
// notice before the first order), positions with TP/SL, margin adjust, close and one-key close, open
// orders, order history and fills (tabs), position history (closed and liquidated, from SQL), and the
// chart (the spot chart component: last-price, mark-price or index-price K-lines, live from the public
// websocket, with the mark price line; index price while the market has no contract trades). Positions follow the
// POSITION pushes of the private channel (every open, fill, margin change, TP/SL, funding and
// liquidation); they are re-read every 15 s for the mark figures, every second while the channel is down.
// Market figures, the book and orders refresh every second.
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KlineChart } from '@/features/spot/components/kline-chart';
import { ApiError } from '@/lib/api-client';
import { useFormatTime } from '@/lib/format-time';
import { onPrivateEvent, privateChannelConnected } from '@/lib/private-ws';
import { subscribePublic } from '@/lib/public-ws';
import { useSessionStore } from '@/lib/session-store';
import {
  adjustMargin,
  type ClosedPosition,
  type ContractMarket,
  type ContractOrder,
  type ContractPosition,
  type ContractType,
  cancelOrder,
  closeAll,
  closePosition,
  contractDepth,
  contractMarkets,
  FILLS_PAGE_SIZE,
  myAccount,
  myFills,
  myOrders,
  myPositionHistory,
  myPositions,
  mySettings,
  placeOrder,
  setLeverage,
  setTpSl,
  transferToContract,
} from '../api/contracts-api';
import { type ChartSeries, contractKlineSource, indexKlineSource } from '../lib/contract-klines';
import { countdown, estimate } from '../lib/estimate';
import { fillRows, nextFillsPage } from '../lib/fills-pages';
import { applyPositionEvent, readPositionEvent } from '../lib/position-events';
import { mustShowNotice, noticeKey } from '../lib/risk-notice';
import '@/features/spot/spot.css';
import '../contracts.css';

const LEVERAGES = [1, 2, 3, 5, 10, 20, 50, 75, 100];
const REFRESH = 1000;
/** Positions are pushed; the poll only refreshes their mark figures (every second while not connected). */
const POSITIONS_SLOW = 15_000;
const PUSH_REFETCH_DELAY_MS = 300;

function messageOf(e: unknown): string {
  return e instanceof ApiError ? e.msg : String(e);
}

export function findMarket(markets: ContractMarket[], wanted: string): ContractMarket | undefined {
  const key = wanted.replace(/[/_-]/g, '').toLowerCase();
  return markets.find((m) => m.symbol === key) ?? markets.find((m) => m.symbol.startsWith(key));
}

export function ContractPage({
  type,
  symbol,
  onPickSymbol,
}: {
  type: ContractType;
  symbol: string;
  onPickSymbol: (symbol: string) => void;
}) {
  const { t } = useTranslation('contracts');
  const signedIn = useSessionStore((s) => s.isLogin && !!s.token);
  const qc = useQueryClient();
  const markets = useQuery({
    queryKey: ['contracts', 'markets', type],
    queryFn: () => contractMarkets(type),
    refetchInterval: REFRESH,
  });
  const list = markets.data?.markets ?? [];
  const m = findMarket(list, symbol) ?? list[0];
  const depth = useQuery({
    queryKey: ['contracts', 'depth', m?.symbol],
    queryFn: () => contractDepth(m?.symbol ?? ''),
    enabled: !!m,
    refetchInterval: REFRESH,
  });
  const positions = useQuery({
    queryKey: ['contracts', 'positions'],
    queryFn: myPositions,
    enabled: signedIn,
    refetchInterval: () => (privateChannelConnected() ? POSITIONS_SLOW : REFRESH),
  });
  const closed = useQuery({
    queryKey: ['contracts', 'closed'],
    queryFn: myPositionHistory,
    enabled: signedIn,
    refetchInterval: 10_000,
  });
  usePositionPushes();
  const open = useQuery({
    queryKey: ['contracts', 'orders', 'current'],
    queryFn: () => myOrders('current'),
    enabled: signedIn,
    refetchInterval: REFRESH,
  });
  const history = useQuery({
    queryKey: ['contracts', 'orders', 'history'],
    queryFn: () => myOrders('history'),
    enabled: signedIn,
    refetchInterval: 3000,
  });
  const account = useQuery({
    queryKey: ['contracts', 'account'],
    queryFn: myAccount,
    enabled: signedIn,
    refetchInterval: REFRESH,
  });
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  const refresh = () => void qc.invalidateQueries({ queryKey: ['contracts'] });
  const chart = useChartSeries(m?.symbol ?? '', m?.indexSymbol);

  if (!m) {
    return (
      <div className="ctr-page" data-testid="ctr-page">
        <p>{markets.isLoading ? t('loading') : t('noMarkets')}</p>
      </div>
    );
  }
  const balance = account.data?.find((b) => b.asset === m.settle);
  const mine = (positions.data ?? []).filter(
    (p) => p.symbol === m.symbol || list.some((x) => x.symbol === p.symbol),
  );
  return (
    <div className="ctr-page" data-testid="ctr-page" data-symbol={m.symbol}>
      <div className="ctr-markets" data-testid="ctr-markets">
        {list.map((x) => (
          <button
            key={x.symbol}
            type="button"
            className={x.symbol === m.symbol ? 'ctr-chip ctr-chip--on' : 'ctr-chip'}
            data-testid={`ctr-market-${x.symbol}`}
            onClick={() => onPickSymbol(x.symbol)}
          >
            {x.pair} {t('perpetual')}
          </button>
        ))}
      </div>
      <header className="ctr-header">
        <h1 data-testid="ctr-pair">
          {m.pair} {t('perpetual')} <small>{t(`type.${m.type}`)}</small>
        </h1>
        <dl className="ctr-stats">
          <div>
            <dt>{t('markPrice')}</dt>
            <dd data-testid="ctr-mark">{m.markPrice ?? '—'}</dd>
          </div>
          <div>
            <dt>{t('indexPrice')}</dt>
            <dd data-testid="ctr-index">{m.indexPrice ?? '—'}</dd>
          </div>
          <div>
            <dt>{t('lastPrice')}</dt>
            <dd data-testid="ctr-last">{m.lastPrice ?? '—'}</dd>
          </div>
          <div>
            <dt>{t('fundingRate')}</dt>
            <dd data-testid="ctr-funding">
              {(Number(m.fundingRate) * 100).toFixed(4)}% ·{' '}
              <span data-testid="ctr-countdown">{countdown(m.nextFundingTime - now)}</span>
            </dd>
          </div>
          <div>
            <dt>{t('openInterest')}</dt>
            <dd data-testid="ctr-oi">{m.openInterest}</dd>
          </div>
        </dl>
        {markets.data?.demoLiquidity ? <span className="ctr-demo">{t('demoLiquidity')}</span> : null}
      </header>
      <KlineChart
        rules={{ symbol: m.symbol, priceDecimals: m.priceDecimals, tickSize: tickOf(m.priceDecimals) }}
        source={chart.source}
        markPrice={m.markPrice}
        markLabel={t('markPrice')}
        testId="ctr-chart"
        legend={
          <span data-testid="ctr-chart-legend" data-series={chart.shown}>
            {t(`chart.${chart.shown}`)}
            {chart.fallback ? <small> · {t('chart.noTrades')}</small> : null}
          </span>
        }
        toolbar={
          <span className="ctr-series" title={t('chart.series')}>
            {(['last', 'mark', 'index'] as const).map((x) => (
              <button
                key={x}
                type="button"
                aria-pressed={chart.shown === x}
                className={`spot-chip${chart.shown === x ? ' spot-chip--on' : ''}`}
                data-testid={`ctr-series-${x}`}
                onClick={() => chart.pick(x)}
              >
                {t(`chart.${x}`)}
              </button>
            ))}
          </span>
        }
      />
      <div className="ctr-main">
        <section className="ctr-book" data-testid="ctr-book" aria-label={t('book')}>
          <h2>{t('book')}</h2>
          <table>
            <thead>
              <tr>
                <th>{t('price')}</th>
                <th>{t('quantity')}</th>
              </tr>
            </thead>
            <tbody>
              {[...(depth.data?.asks ?? [])].reverse().map(([p, q]) => (
                <tr key={`a${p}`} className="ctr-ask">
                  <td>{p}</td>
                  <td>{q}</td>
                </tr>
              ))}
              <tr className="ctr-mid">
                <td colSpan={2}>{m.markPrice ?? '—'}</td>
              </tr>
              {(depth.data?.bids ?? []).map(([p, q]) => (
                <tr key={`b${p}`} className="ctr-bid">
                  <td>{p}</td>
                  <td>{q}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        {signedIn && markets.data?.available === false ? (
          <section className="ctr-form" data-testid="ctr-unavailable" role="alert">
            <p>{t('countryBlocked')}</p>
          </section>
        ) : signedIn ? (
          <OrderForm
            market={m}
            available={balance?.available ?? '0'}
            riskNotice={markets.data?.riskNotice ?? true}
            positions={mine.filter((p) => p.symbol === m.symbol)}
            onDone={refresh}
          />
        ) : (
          <section className="ctr-form" data-testid="ctr-guest">
            <p>{t('signInToTrade')}</p>
            <Link to="/user/login" className="ctr-btn ctr-btn--long ctr-guest-link">
              {t('signIn')}
            </Link>
          </section>
        )}
      </div>
      {signedIn ? (
        <>
          <Positions positions={mine} onDone={refresh} />
          <Orders
            title={t('openOrders')}
            testId="ctr-orders"
            orders={open.data?.records ?? []}
            onDone={refresh}
            cancellable
          />
          <HistoryTabs testId="ctr-history" orders={history.data?.records ?? []} onDone={refresh} />
          <ClosedPositions testId="ctr-closed" positions={closed.data?.records ?? []} />
        </>
      ) : null}
    </div>
  );
}

/**
 * Which bars the chart shows: the user's pick, else last price — or the index price while the market's
 * last-price bars are empty (no contract trades yet), said so in the legend, until the first trade's bar
 * arrives on the public socket. Never invented bars.
 */
function useChartSeries(symbol: string, indexSymbol: string | undefined) {
  const [picked, setPicked] = useState<ChartSeries | null>(null);
  const [noTrades, setNoTrades] = useState<string | null>(null);
  // A new market starts again from its last price.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the market changes
  useEffect(() => {
    setPicked(null);
    setNoTrades(null);
  }, [symbol]);
  const fallback = picked === null && noTrades === symbol && !!indexSymbol;
  const shown: ChartSeries = picked ?? (fallback ? 'index' : 'last');
  // The market's first contract trade ends the fallback: the chart turns to last price by itself.
  useEffect(() => {
    if (!fallback) return;
    return subscribePublic({ type: 'CONTRACT_KLINE', symbol, interval: '1m' }, () => setNoTrades(null));
  }, [fallback, symbol]);
  const last = useMemo(
    () =>
      contractKlineSource('last', (count) => {
        if (count === 0) setNoTrades((cur) => cur ?? symbol);
      }),
    [symbol],
  );
  const mark = useMemo(() => contractKlineSource('mark'), []);
  const index = useMemo(() => (indexSymbol ? indexKlineSource(indexSymbol) : last), [indexSymbol, last]);
  const source = shown === 'mark' ? mark : shown === 'index' ? index : last;
  return { shown, fallback, source, pick: (x: ChartSeries) => setPicked(x) };
}

function tickOf(decimals: number): string {
  return decimals <= 0 ? '1' : `0.${'0'.repeat(decimals - 1)}1`;
}

/** Applies every POSITION push to the listed positions at once; orders, balances and the position history
 * follow with one refetch per burst. */
function usePositionPushes(): void {
  const qc = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = onPrivateEvent('POSITION', (data: unknown) => {
      const p = readPositionEvent(data);
      if (!p) return;
      qc.setQueryData<ContractPosition[]>(['contracts', 'positions'], (old) =>
        old ? applyPositionEvent(old, p) : old,
      );
      clearTimeout(timer);
      timer = setTimeout(() => {
        for (const key of ['orders', 'account', 'closed', 'fills'])
          void qc.invalidateQueries({ queryKey: ['contracts', key] });
      }, PUSH_REFETCH_DELAY_MS);
    });
    return () => {
      clearTimeout(timer);
      off();
    };
  }, [qc]);
}

/** The ended orders and the fills (own trades, maker or taker side) as two tabs; `filter` keeps the
 * fills of the markets shown. */
export function HistoryTabs({
  testId,
  orders,
  onDone,
  filter,
}: {
  testId: string;
  orders: ContractOrder[];
  onDone?: () => void;
  filter?: (symbol: string) => boolean;
}) {
  const { t } = useTranslation('contracts');
  const [tab, setTab] = useState<'orders' | 'fills'>('orders');
  return (
    <div className="ctr-history-tabs">
      <div className="ctr-tabs" role="tablist">
        {(['orders', 'fills'] as const).map((x) => (
          <button
            key={x}
            type="button"
            role="tab"
            aria-selected={tab === x}
            className={tab === x ? 'ctr-chip ctr-chip--on' : 'ctr-chip'}
            data-testid={`${testId}-tab-${x}`}
            onClick={() => setTab(x)}
          >
            {x === 'orders' ? t('history') : t('fills.title')}
          </button>
        ))}
      </div>
      {tab === 'orders' ? (
        <Orders title={t('history')} testId={testId} orders={orders} onDone={onDone} />
      ) : (
        <Fills testId={`${testId}-fills`} filter={filter} />
      )}
    </div>
  );
}

function Fills({ testId, filter }: { testId: string; filter?: ((symbol: string) => boolean) | undefined }) {
  const { t } = useTranslation('contracts');
  const formatTime = useFormatTime();
  const fills = useInfiniteQuery({
    queryKey: ['contracts', 'fills'],
    queryFn: ({ pageParam }) => myFills(pageParam),
    initialPageParam: 1,
    getNextPageParam: (_last, all) => nextFillsPage(all, FILLS_PAGE_SIZE),
    refetchInterval: 3000,
  });
  const rows = useMemo(() => fillRows(fills.data?.pages ?? [], filter), [fills.data, filter]);
  return (
    <section className="ctr-panel" data-testid={testId}>
      <h2>{t('fills.title')}</h2>
      {rows.length === 0 ? <p>{fills.isLoading ? t('loading') : t('fills.none')}</p> : null}
      <div className="ctr-scroll ctr-cards" hidden={rows.length === 0}>
        <table>
          <thead>
            <tr>
              <th>{t('time')}</th>
              <th>{t('market')}</th>
              <th>{t('direction')}</th>
              <th>{t('fills.role')}</th>
              <th>{t('price')}</th>
              <th>{t('quantity')}</th>
              <th>{t('fills.fee')}</th>
              <th>{t('profit')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((f) => (
              <tr
                key={`${f.tradeId}-${f.role}`}
                data-testid={`${testId}-row`}
                data-order={f.orderId}
                data-role={f.role}
                data-liquidation={f.liquidation ? 'true' : 'false'}
              >
                <TimeAndMarket time={formatTime(f.time)} pair={f.pair} />
                <td data-label={t('direction')} className={directionClass(f.direction)}>
                  {t(`dir.${f.direction}`)}
                  {f.liquidation ? ` · ${t('orderType.liquidation')}` : ''}
                </td>
                <td data-label={t('fills.role')}>{t(`fills.${f.role}`)}</td>
                <td data-label={t('price')}>{f.price}</td>
                <td data-label={t('quantity')}>{f.qty}</td>
                <td data-label={t('fills.fee')}>
                  {f.fee} {f.feeAsset}
                </td>
                <td data-label={t('profit')}>{f.pnl}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {fills.hasNextPage ? (
        <button
          type="button"
          className="ctr-chip"
          data-testid={`${testId}-more`}
          disabled={fills.isFetchingNextPage}
          onClick={() => void fills.fetchNextPage()}
        >
          {t('fills.more')}
        </button>
      ) : null}
    </section>
  );
}

/** The first cells of a history row: its time (a line of its own on a phone card) and its market (the
 * card's head, wherever the column is). */
function TimeAndMarket({ time, pair }: { time: string; pair: string }) {
  const { t } = useTranslation('contracts');
  return (
    <>
      <td data-label={t('time')} data-wide>
        {time}
      </td>
      <td data-head>{pair}</td>
    </>
  );
}

/** Opening a long or closing a short buys (directions 1 and 4): the long colour; the others the short one. */
function directionClass(direction: 1 | 2 | 3 | 4): string {
  return direction === 1 || direction === 4 ? 'ctr-long' : 'ctr-short';
}

export function ClosedPositions({ testId, positions }: { testId: string; positions: ClosedPosition[] }) {
  const { t } = useTranslation('contracts');
  const formatTime = useFormatTime();
  return (
    <section className="ctr-panel" data-testid={testId}>
      <h2>{t('positionHistory')}</h2>
      {positions.length === 0 ? <p>{t('noClosedPositions')}</p> : null}
      <div className="ctr-scroll ctr-cards" hidden={positions.length === 0}>
        <table>
          <thead>
            <tr>
              <th>{t('time')}</th>
              <th>{t('market')}</th>
              <th>{t('direction')}</th>
              <th>{t('quantity')}</th>
              <th>{t('avgPrice')}</th>
              <th>{t('profit')}</th>
              <th>{t('status.label')}</th>
            </tr>
          </thead>
          <tbody>
            {positions.map((p) => (
              <tr
                key={p.positionId}
                data-testid={`${testId}-row`}
                data-id={p.positionId}
                data-status={p.status}
              >
                <TimeAndMarket time={formatTime(p.closedTs)} pair={p.pair} />
                <td data-label={t('direction')} className={p.side === 'long' ? 'ctr-long' : 'ctr-short'}>
                  {t(`side.${p.side}`)} {p.leverage}x
                </td>
                <td data-label={t('quantity')}>{p.qty}</td>
                <td data-label={t('avgPrice')}>{p.avgPrice}</td>
                <td data-label={t('profit')}>{p.realizedPnl}</td>
                <td data-label={t('status.label')} title={p.tickId ?? undefined}>
                  {t(`closedStatus.${p.status}`)}
                  {p.status === 'liquidated' && p.closeMark ? ` · ${t('markPrice')} ${p.closeMark}` : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function OrderForm({
  market: m,
  available,
  riskNotice,
  positions,
  onDone,
}: {
  market: ContractMarket;
  available: string;
  riskNotice: boolean;
  positions: ContractPosition[];
  onDone: () => void;
}) {
  const { t } = useTranslation('contracts');
  const userId = useSessionStore((s) => s.userInfo?.id);
  const settings = useQuery({
    queryKey: ['contracts', 'settings', m.symbol],
    queryFn: () => mySettings(m.symbol),
  });
  const [tab, setTab] = useState<'open' | 'close'>('open');
  const [kind, setKind] = useState<'limit' | 'market' | 'trigger'>('market');
  const [price, setPrice] = useState('');
  const [trigger, setTrigger] = useState('');
  const [qty, setQty] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<null | (() => void)>(null);
  const [transfer, setTransfer] = useState('');
  const leverage = settings.data?.leverage ?? 10;
  const mode = settings.data?.mode ?? 'isolated';
  const ref = Number(
    kind !== 'market' && price ? price : kind === 'trigger' && trigger ? trigger : (m.markPrice ?? 0),
  );
  const est = (long: boolean) =>
    estimate({
      inverse: m.type === 'coin',
      contractSize: Number(m.contractSize),
      price: ref,
      quantity: Number(qty),
      leverage,
      takerFeeRate: Number(m.takerFeeRate),
      long,
    });
  const longEst = est(true);
  const shortEst = est(false);
  const places = m.type === 'coin' ? 8 : 2;

  const act = async (fn: () => Promise<unknown>) => {
    setError('');
    setBusy(true);
    try {
      await fn();
      onDone();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  const submit = (direction: 1 | 2 | 3 | 4) => {
    const go = () =>
      void act(async () => {
        // Trigger: a stop order, limit when a price is given, else market.
        const limit = kind === 'limit' || (kind === 'trigger' && price.trim() !== '');
        await placeOrder({
          symbol: m.symbol,
          direction,
          type: limit ? 'limit' : 'market',
          quantity: qty.trim(),
          ...(limit ? { price: price.trim() } : {}),
          ...(kind === 'trigger' ? { triggerPrice: trigger.trim() } : {}),
        });
        setQty('');
      });
    const accepted = localStorage.getItem(noticeKey(userId)) === '1';
    if (mustShowNotice({ riskNotice, direction, accepted })) setNotice(() => go);
    else go();
  };
  const changeLeverage = (lev: number, md: 'cross' | 'isolated') =>
    void act(async () => {
      await setLeverage(m.symbol, lev, md);
      await settings.refetch();
    });

  return (
    <section className="ctr-form" data-testid="ctr-form">
      <div className="ctr-tabs">
        {(['open', 'close'] as const).map((x) => (
          <button
            key={x}
            type="button"
            data-testid={`ctr-tab-${x}`}
            className={tab === x ? 'ctr-chip ctr-chip--on' : 'ctr-chip'}
            onClick={() => setTab(x)}
          >
            {t(`tab.${x}`)}
          </button>
        ))}
      </div>
      <div className="ctr-row">
        <label>
          {t('marginMode')}
          <select
            data-testid="ctr-mode"
            value={mode}
            onChange={(e) => changeLeverage(leverage, e.target.value as 'cross' | 'isolated')}
          >
            <option value="isolated">{t('mode.isolated')}</option>
            <option value="cross">{t('mode.cross')}</option>
          </select>
        </label>
        <label>
          {t('leverage')}
          <select
            data-testid="ctr-leverage"
            value={leverage}
            onChange={(e) => changeLeverage(Number(e.target.value), mode)}
          >
            {LEVERAGES.filter((l) => l <= m.maxLeverage).map((l) => (
              <option key={l} value={l}>
                {l}x
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="ctr-tabs">
        {(['limit', 'market', 'trigger'] as const).map((x) => (
          <button
            key={x}
            type="button"
            data-testid={`ctr-type-${x}`}
            className={kind === x ? 'ctr-chip ctr-chip--on' : 'ctr-chip'}
            onClick={() => setKind(x)}
          >
            {t(`orderType.${x}`)}
          </button>
        ))}
      </div>
      {kind === 'trigger' ? (
        <label className="ctr-field">
          {t('triggerPrice')}
          <input
            data-testid="ctr-trigger"
            inputMode="decimal"
            value={trigger}
            onChange={(e) => setTrigger(e.target.value)}
          />
        </label>
      ) : null}
      {kind !== 'market' ? (
        <label className="ctr-field">
          {kind === 'trigger' ? t('triggerLimit') : t('price')}
          <input
            data-testid="ctr-price"
            inputMode="decimal"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
          />
        </label>
      ) : null}
      <label className="ctr-field">
        {t('quantityIn', { unit: m.type === 'coin' ? t('contractsUnit') : m.pair.split('/')[0] })}
        <input
          data-testid="ctr-qty"
          inputMode="decimal"
          value={qty}
          onChange={(e) => setQty(e.target.value)}
          placeholder={m.minQty}
        />
      </label>
      <p className="ctr-avail">
        {t('available')}: <span data-testid="ctr-available">{available}</span> {m.settle}
      </p>
      {tab === 'open' ? (
        <>
          <p className="ctr-est" data-testid="ctr-estimate">
            {t('cost')}: <span data-testid="ctr-cost">{longEst.cost.toFixed(places)}</span> {m.settle} ·{' '}
            {t('estLiq')}:{' '}
            <span data-testid="ctr-est-liq">{longEst.liquidation?.toFixed(m.priceDecimals) ?? '—'}</span> /{' '}
            {shortEst.liquidation?.toFixed(m.priceDecimals) ?? '—'}
          </p>
          <div className="ctr-buttons">
            <button
              type="button"
              className="ctr-btn ctr-btn--long"
              data-testid="ctr-long"
              disabled={busy}
              onClick={() => submit(1)}
            >
              {t('openLong')}
            </button>
            <button
              type="button"
              className="ctr-btn ctr-btn--short"
              data-testid="ctr-short"
              disabled={busy}
              onClick={() => submit(2)}
            >
              {t('openShort')}
            </button>
          </div>
        </>
      ) : (
        <div className="ctr-buttons">
          <button
            type="button"
            className="ctr-btn ctr-btn--short"
            data-testid="ctr-close-long"
            disabled={busy || !positions.some((p) => p.side === 'long')}
            onClick={() => submit(3)}
          >
            {t('closeLong')}
          </button>
          <button
            type="button"
            className="ctr-btn ctr-btn--long"
            data-testid="ctr-close-short"
            disabled={busy || !positions.some((p) => p.side === 'short')}
            onClick={() => submit(4)}
          >
            {t('closeShort')}
          </button>
        </div>
      )}
      {error ? (
        <p className="ctr-error" role="alert" data-testid="ctr-error">
          {error}
        </p>
      ) : null}
      <div className="ctr-transfer">
        <input
          data-testid="ctr-transfer-amount"
          inputMode="decimal"
          value={transfer}
          placeholder={t('transferAmount')}
          onChange={(e) => setTransfer(e.target.value)}
        />
        <button
          type="button"
          className="ctr-chip"
          data-testid="ctr-transfer"
          disabled={busy || !transfer}
          onClick={() =>
            void act(async () => {
              await transferToContract(m.settle, transfer.trim());
              setTransfer('');
            })
          }
        >
          {t('transferIn', { asset: m.settle })}
        </button>
      </div>
      {notice ? (
        <div className="ctr-notice" role="dialog" data-testid="ctr-notice">
          <h3>{t('notice.title')}</h3>
          <p>{t('notice.body')}</p>
          <button
            type="button"
            className="ctr-btn ctr-btn--long"
            data-testid="ctr-notice-accept"
            onClick={() => {
              localStorage.setItem(noticeKey(userId), '1');
              const go = notice;
              setNotice(null);
              go();
            }}
          >
            {t('notice.accept')}
          </button>
          <button type="button" className="ctr-chip" onClick={() => setNotice(null)}>
            {t('cancel')}
          </button>
        </div>
      ) : null}
    </section>
  );
}

function Positions({ positions, onDone }: { positions: ContractPosition[]; onDone: () => void }) {
  const { t } = useTranslation('contracts');
  const [error, setError] = useState('');
  const [edit, setEdit] = useState<Record<string, { tp: string; sl: string; margin: string }>>({});
  const act = async (fn: () => Promise<unknown>) => {
    setError('');
    try {
      await fn();
      onDone();
    } catch (e) {
      setError(messageOf(e));
    }
  };
  const field = (id: string) => edit[id] ?? { tp: '', sl: '', margin: '' };
  const put = (id: string, k: 'tp' | 'sl' | 'margin', v: string) =>
    setEdit((s) => ({ ...s, [id]: { ...field(id), [k]: v } }));
  return (
    <section className="ctr-panel" data-testid="ctr-positions">
      <div className="ctr-panel-head">
        <h2>{t('positions')}</h2>
        <button
          type="button"
          className="ctr-chip"
          data-testid="ctr-close-all"
          disabled={positions.length === 0}
          onClick={() => void act(closeAll)}
        >
          {t('closeAll')}
        </button>
      </div>
      {error ? (
        <p className="ctr-error" role="alert" data-testid="ctr-position-error">
          {error}
        </p>
      ) : null}
      {positions.length === 0 ? <p data-testid="ctr-no-positions">{t('noPositions')}</p> : null}
      <div className="ctr-scroll ctr-cards" hidden={positions.length === 0}>
        <table>
          <thead>
            <tr>
              <th>{t('market')}</th>
              <th>{t('quantity')}</th>
              <th>{t('avgPrice')}</th>
              <th>{t('markPrice')}</th>
              <th>{t('liqPrice')}</th>
              <th>{t('margin')}</th>
              <th>{t('marginRatio')}</th>
              <th>{t('pnl')}</th>
              <th>{t('tpsl')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {positions.map((p) => (
              <tr key={p.positionId} data-testid={`ctr-position-${p.side}`} data-id={p.positionId}>
                <td data-head>
                  {p.pair}{' '}
                  <span className={p.side === 'long' ? 'ctr-long' : 'ctr-short'}>{t(`side.${p.side}`)}</span>{' '}
                  {p.leverage}x · {t(`mode.${p.mode}`)}
                </td>
                <td data-label={t('quantity')} data-testid={`ctr-qty-${p.positionId}`}>
                  {p.qty}
                </td>
                <td data-label={t('avgPrice')}>{p.avgPrice}</td>
                <td data-label={t('markPrice')}>{p.markPrice ?? '—'}</td>
                <td data-label={t('liqPrice')} data-testid={`ctr-liq-${p.positionId}`}>
                  {p.liquidationPrice ?? '—'}
                </td>
                <td data-label={t('margin')} data-testid={`ctr-margin-${p.positionId}`}>
                  {p.margin} {p.settle}
                </td>
                <td data-label={t('marginRatio')} data-testid={`ctr-ratio-${p.positionId}`}>
                  {p.marginRatio}%
                </td>
                <td
                  data-label={t('pnl')}
                  data-wide="true"
                  data-testid={`ctr-pnl-${p.positionId}`}
                  className={Number(p.unrealizedPnl) >= 0 ? 'ctr-long' : 'ctr-short'}
                >
                  {p.unrealizedPnl} ({p.roe}%)
                </td>
                <td data-label={t('tpsl')} data-testid={`ctr-tpsl-view-${p.positionId}`}>
                  {p.takeProfit ?? '—'} / {p.stopLoss ?? '—'}
                </td>
                <td>
                  <div className="ctr-actions">
                    <div className="ctr-actions-row">
                      <input
                        aria-label={t('takeProfit')}
                        placeholder={t('takeProfit')}
                        data-testid={`ctr-tp-${p.positionId}`}
                        value={field(p.positionId).tp}
                        onChange={(e) => put(p.positionId, 'tp', e.target.value)}
                      />
                      <input
                        aria-label={t('stopLoss')}
                        placeholder={t('stopLoss')}
                        data-testid={`ctr-sl-${p.positionId}`}
                        value={field(p.positionId).sl}
                        onChange={(e) => put(p.positionId, 'sl', e.target.value)}
                      />
                      <button
                        type="button"
                        className="ctr-chip"
                        data-testid={`ctr-tpsl-${p.positionId}`}
                        onClick={() =>
                          void act(() =>
                            setTpSl(
                              p.positionId,
                              field(p.positionId).tp.trim() || null,
                              field(p.positionId).sl.trim() || null,
                            ),
                          )
                        }
                      >
                        {t('setTpsl')}
                      </button>
                    </div>
                    <div className="ctr-actions-row">
                      <input
                        aria-label={t('margin')}
                        placeholder={t('margin')}
                        data-testid={`ctr-margin-input-${p.positionId}`}
                        value={field(p.positionId).margin}
                        onChange={(e) => put(p.positionId, 'margin', e.target.value)}
                      />
                      <button
                        type="button"
                        className="ctr-chip"
                        data-testid={`ctr-margin-add-${p.positionId}`}
                        onClick={() =>
                          void act(() => adjustMargin(p.positionId, field(p.positionId).margin.trim(), 1))
                        }
                      >
                        {t('addMargin')}
                      </button>
                      <button
                        type="button"
                        className="ctr-chip"
                        data-testid={`ctr-margin-reduce-${p.positionId}`}
                        onClick={() =>
                          void act(() => adjustMargin(p.positionId, field(p.positionId).margin.trim(), 2))
                        }
                      >
                        {t('reduceMargin')}
                      </button>
                    </div>
                    <button
                      type="button"
                      className="ctr-btn ctr-btn--short"
                      data-testid={`ctr-close-${p.positionId}`}
                      onClick={() => void act(() => closePosition(p.positionId))}
                    >
                      {t('closeMarket')}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export function Orders({
  title,
  testId,
  orders,
  onDone,
  cancellable = false,
}: {
  title: string;
  testId: string;
  orders: ContractOrder[];
  onDone?: () => void;
  cancellable?: boolean;
}) {
  const { t } = useTranslation('contracts');
  const formatTime = useFormatTime();
  const [error, setError] = useState('');
  const rows = useMemo(() => orders.slice(0, 50), [orders]);
  return (
    <section className="ctr-panel" data-testid={testId}>
      <h2>{title}</h2>
      {error ? <p className="ctr-error">{error}</p> : null}
      {rows.length === 0 ? <p>{t('noOrders')}</p> : null}
      <div className="ctr-scroll ctr-cards" hidden={rows.length === 0}>
        <table>
          <thead>
            <tr>
              <th>{t('time')}</th>
              <th>{t('market')}</th>
              <th>{t('direction')}</th>
              <th>{t('type.label')}</th>
              <th>{t('price')}</th>
              <th>{t('quantity')}</th>
              <th>{t('filled')}</th>
              <th>{t('profit')}</th>
              <th>{t('status.label')}</th>
              {cancellable ? <th /> : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((o) => (
              <tr key={o.orderId} data-testid={`${testId}-row`}>
                <TimeAndMarket time={formatTime(o.createdTs)} pair={o.pair} />
                <td data-label={t('direction')} className={directionClass(o.direction)}>
                  {t(`dir.${o.direction}`)}
                </td>
                <td data-label={t('type.label')}>
                  {t(`orderType.${o.orderType}`, { defaultValue: o.orderType })}
                </td>
                <td data-label={t('price')} data-wide={o.triggerPrice ? true : undefined}>
                  {o.type === 'market' || (o.type === 'trigger' && o.triggerType === 'market')
                    ? t('orderType.market')
                    : o.price}
                  {o.triggerPrice ? ` · ${t('triggerPrice')} ${o.triggerPrice}` : ''}
                </td>
                <td data-label={t('quantity')}>{o.quantity}</td>
                <td data-label={t('filled')}>{o.filledQty}</td>
                <td data-label={t('profit')}>{o.profit}</td>
                <td data-label={t('status.label')}>{t(`status.${o.status}`)}</td>
                {cancellable ? (
                  <td>
                    <button
                      type="button"
                      className="ctr-chip"
                      onClick={() =>
                        void cancelOrder(o.orderId)
                          .then(() => onDone?.())
                          .catch((e) => setError(messageOf(e)))
                      }
                    >
                      {t('cancel')}
                    </button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
