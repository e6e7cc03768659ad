// The signed-in user's watchlist: the list from the server, the set of starred pair keys, and the star
// toggle with the spec's rules (login required; repeat clicks ignored while pending). A visitor who
// clicks a star is told to log in and sent to the login page, which returns here afterwards.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '@/lib/session-store';
import { toast } from '@/lib/toast';
import { addToWatchlist, fetchWatchlist, marketKeys, removeFromWatchlist } from '../api/market-api';
import { type MarketRowWire, type QuoteRow, toPairKey } from '../lib/quotes-model';
import { createWatchlistToggle, TOGGLE_RESULTS } from '../lib/watchlist-toggle';

function toWire(row: QuoteRow): MarketRowWire {
  return {
    symbol: row.key.toLowerCase(),
    symbol_name: `${row.base}/${row.quote}`,
    base_symbol: row.base,
    quote_symbol: row.quote,
    coin: row.base.toLowerCase(),
    logo: row.logo || null,
    close: row.close,
    zdf: row.zdf,
    high: row.high,
    low: row.low,
    volume: row.volume,
    amount: row.amount,
    optional: 1,
  };
}

export function useWatchlist() {
  const { t } = useTranslation('market');
  const isLogin = useSessionStore((s) => s.isLogin);
  const token = useSessionStore((s) => s.token);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const queryKey = useMemo(() => marketKeys.watchlist(token), [token]);

  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchWatchlist(signal),
    enabled: isLogin && token !== '',
    staleTime: 30_000,
  });

  const starred = useMemo(() => new Set((query.data ?? []).map((r) => toPairKey(r.symbol))), [query.data]);

  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  // The toggle outlives renders (its pending set is the guard); it reads the session when clicked.
  const [toggler] = useState(() =>
    createWatchlistToggle<QuoteRow>({
      isLoggedIn: () => useSessionStore.getState().isLogin,
      add: (row) => addToWatchlist(row.base, row.quote),
      cancel: (row) => removeFromWatchlist(row.base, row.quote),
      onPendingChange: setPending,
    }),
  );

  /** The login page, which comes back here afterwards. */
  const goToLogin = useCallback(() => {
    const back = `${window.location.pathname}${window.location.search}`;
    void navigate({ href: `/user/login?redirect=${encodeURIComponent(back)}` });
  }, [navigate]);

  const toggle = useCallback(
    async (row: QuoteRow) => {
      const wasStarred = starred.has(row.key);
      const result = await toggler.toggle(row.key, wasStarred, row);
      if (result === TOGGLE_RESULTS.loginRequired) {
        toast.info(t('star.loginRequired'));
        goToLogin();
        return;
      }
      if (result === TOGGLE_RESULTS.failed) {
        toast.error(t('star.failed'));
        return;
      }
      if (result === TOGGLE_RESULTS.ignored) return;
      queryClient.setQueryData<MarketRowWire[]>(queryKey, (old = []) =>
        result === TOGGLE_RESULTS.added
          ? [...old.filter((r) => toPairKey(r.symbol) !== row.key), toWire(row)]
          : old.filter((r) => toPairKey(r.symbol) !== row.key),
      );
      toast.success(result === TOGGLE_RESULTS.added ? t('star.added') : t('star.removed'));
      void queryClient.invalidateQueries({ queryKey });
    },
    [starred, toggler, t, goToLogin, queryClient, queryKey],
  );

  return { isLogin, query, starred, pending, toggle, goToLogin };
}
