// /quotes/index (spec sections 1 and 2): tabs watchlist, speed (seconds) trading, spot trading and margin
// (U contract) trading; a search box; the market table with a watchlist star per row. Rows come from the
// server's market rows (initData per market, getOptional for the watchlist) and are drawn live from the
// public websocket through the ticker store. When the prices come from the simulator the page says so.
import { ExperimentOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppButton } from '@/components/button';
import { useAllTickersFeed, useDetailFeed, useFeedStatus } from '@/lib/live-market';
import { usePlatformStore } from '@/lib/platform-store';
import { tickerStore } from '@/lib/ticker-store';
import { fetchMarketRows, marketKeys } from '../api/market-api';
import { QuoteRowView } from '../components/quote-row';
import { useWatchlist } from '../hooks/use-watchlist';
import {
  buildRows,
  DEFAULT_QUOTE_TAB,
  filterRows,
  type MarketMembership,
  nextSort,
  QUOTE_TABS,
  type QuoteMarket,
  type QuoteTab,
  type SortColumn,
  type SortState,
  sortRows,
  toPairKey,
  watchlistRows,
  withLive,
} from '../lib/quotes-model';
import '../quotes.css';

/** DETAIL streams (high, low, volume) for at most this many rows; the rest get ALL_DETAIL only. */
const MAX_DETAIL_STREAMS = 40;

// `wide` columns are left out on phones: the list is pair, price and change there (quotes.css).
const COLUMNS: ReadonlyArray<{ column: SortColumn; labelKey: string; numeric: boolean; wide?: boolean }> = [
  { column: 'label', labelKey: 'columns.pair', numeric: false },
  { column: 'close', labelKey: 'columns.price', numeric: true },
  { column: 'zdf', labelKey: 'columns.change', numeric: true },
  { column: 'high', labelKey: 'columns.high', numeric: true, wide: true },
  { column: 'low', labelKey: 'columns.low', numeric: true, wide: true },
  { column: 'volume', labelKey: 'columns.volume', numeric: true, wide: true },
  { column: 'amount', labelKey: 'columns.amount', numeric: true, wide: true },
];

function useMembership(): MarketMembership {
  const coins = usePlatformStore((s) => s.coins);
  return useMemo(() => {
    const keys = (list: ReadonlyArray<{ coin: string; baseCoin: string; symbol: string }> = []) =>
      new Set(list.map((c) => toPairKey(c.coin && c.baseCoin ? `${c.coin}${c.baseCoin}` : c.symbol)));
    return { sec: keys(coins?.coinList), spot: keys(coins?.currencyList), usta: keys(coins?.contractList) };
  }, [coins]);
}

export function QuotesPage() {
  const { t } = useTranslation('market');
  const [tab, setTab] = useState<QuoteTab>(DEFAULT_QUOTE_TAB);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState | null>(null);
  const membership = useMembership();
  const watch = useWatchlist();
  const feed = useFeedStatus();
  useAllTickersFeed();

  const market: QuoteMarket = tab === 'optional' ? 'spot' : tab;
  const marketQuery = useQuery({
    queryKey: marketKeys.rows(market),
    queryFn: ({ signal }) => fetchMarketRows(market, signal),
    enabled: tab !== 'optional',
    staleTime: 30_000,
  });

  const rows = useMemo(
    () =>
      tab === 'optional'
        ? watchlistRows(watch.query.data ?? [], membership)
        : buildRows(marketQuery.data ?? [], tab),
    [tab, watch.query.data, membership, marketQuery.data],
  );
  const filtered = useMemo(() => filterRows(rows, search), [rows, search]);
  // Sorted on the values of the moment the user sorted (or the list changed), then kept in that order.
  const shown = useMemo(
    () => sortRows(sort ? filtered.map((r) => withLive(r, tickerStore.get(r.key))) : filtered, sort),
    [filtered, sort],
  );
  useDetailFeed(shown.slice(0, MAX_DETAIL_STREAMS).map((r) => r.key));

  const active = tab === 'optional' ? watch.query : marketQuery;
  let state: ReactNode = null;
  if (tab === 'optional' && !watch.isLogin) {
    state = (
      <div className="quotes__state" data-testid="quotes-login">
        <p>{t('state.watchlistLogin')}</p>
        <AppButton variant="primary" onClick={watch.goToLogin}>
          {t('state.login')}
        </AppButton>
      </div>
    );
  } else if (active.isPending && !active.data) {
    state = <p className="quotes__state">{t('state.loading')}</p>;
  } else if (active.isError && !active.data) {
    state = (
      <div className="quotes__state" data-testid="quotes-error">
        <p>{t('state.failed')}</p>
        <AppButton onClick={() => void active.refetch()} loading={active.isFetching}>
          {t('state.retry')}
        </AppButton>
      </div>
    );
  } else if (rows.length === 0) {
    state = (
      <p className="quotes__state" data-testid="quotes-empty">
        {tab === 'optional' ? t('state.watchlistEmpty') : t('state.empty')}
      </p>
    );
  } else if (shown.length === 0) {
    state = (
      <p className="quotes__state" data-testid="quotes-no-match">
        {t('state.noMatch', { query: search.trim() })}
      </p>
    );
  }

  return (
    <div className="app-container quotes" data-testid="quotes-page">
      <header className="quotes__header">
        <div>
          <h1 className="quotes__title" data-testid="page-title">
            {t('title')}
          </h1>
          <p className="quotes__subtitle">{t('subtitle')}</p>
        </div>
        {feed.data?.simulated ? (
          <p className="quotes__simulated" data-testid="simulated-label" title={t('simulated.text')}>
            <ExperimentOutlined aria-hidden /> <strong>{t('simulated.label')}</strong>
            <span className="quotes__simulated-text">{t('simulated.text')}</span>
          </p>
        ) : null}
      </header>

      <div className="quotes__toolbar">
        <div className="quotes__tabs" role="tablist" aria-label={t('tabsLabel')}>
          {QUOTE_TABS.map((key) => (
            <button
              key={key}
              type="button"
              role="tab"
              aria-selected={tab === key}
              className={tab === key ? 'quotes__tab quotes__tab--active' : 'quotes__tab'}
              onClick={() => {
                setTab(key);
                setSort(null);
              }}
              data-testid={`quotes-tab-${key}`}
            >
              {t(`tabs.${key}`)}
            </button>
          ))}
        </div>
        <label className="quotes__search">
          <SearchOutlined aria-hidden />
          <span className="quotes__sr-only">{t('search.label')}</span>
          <input
            type="search"
            value={search}
            maxLength={32}
            placeholder={t('search.placeholder')}
            onChange={(e) => setSearch(e.target.value)}
            data-testid="quotes-search"
          />
        </label>
      </div>

      <div className="quotes__card" role="tabpanel" aria-label={t(`tabs.${tab}`)}>
        {state ?? (
          <table className="quotes__table" data-testid="quotes-table">
            <thead>
              <tr>
                <th scope="col" className="quotes__star-cell">
                  <span className="quotes__sr-only">{t('columns.watch')}</span>
                </th>
                {COLUMNS.map((c) => {
                  const sorted = sort?.column === c.column ? sort.direction : null;
                  return (
                    <th
                      key={c.column}
                      scope="col"
                      className={
                        [c.numeric ? 'quotes__num' : '', c.wide ? 'quotes__wide' : ''].join(' ').trim() ||
                        undefined
                      }
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
                    >
                      <button
                        type="button"
                        className="quotes__sort"
                        onClick={() => setSort((s) => nextSort(s, c.column))}
                        data-testid={`quotes-sort-${c.column}`}
                      >
                        {t(c.labelKey)}
                        <span className="quotes__sort-mark" aria-hidden>
                          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                        </span>
                      </button>
                    </th>
                  );
                })}
                <th scope="col" className="quotes__action quotes__wide">
                  <span className="quotes__sr-only">{t('trade')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((row) => (
                <QuoteRowView
                  key={`${row.market}-${row.key}`}
                  row={row}
                  starred={watch.starred.has(row.key)}
                  pending={watch.pending.has(row.key)}
                  onToggleStar={watch.toggle}
                />
              ))}
            </tbody>
          </table>
        )}
      </div>
    </div>
  );
}
