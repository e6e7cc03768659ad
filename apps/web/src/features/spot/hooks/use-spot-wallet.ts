// The signed-in user's spot balances of a market's two assets, refetched after every OWNCOIN push (and
// patched at once from the push itself, so the form's "available" moves without waiting).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onPrivateEvent } from '@/lib/private-ws';
import { useSessionStore } from '@/lib/session-store';
import { getSpotWallet, type SpotWallet } from '../api/get-spot-wallet';
import { tradeKeys } from '../api/trade-keys';

export function useSpotWallet(base: string, quote: string) {
  const userId = useSessionStore((s) => (s.isLogin && s.token ? (s.userInfo?.id ?? 'me') : ''));
  const queryClient = useQueryClient();
  const key = tradeKeys.wallet(`${base}${quote}`, userId);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => getSpotWallet(base, quote, signal),
    enabled: userId !== '',
  });
  const joined = key.join('\n');
  useEffect(() => {
    if (!userId) return;
    const queryKey = joined.split('\n');
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = onPrivateEvent('OWNCOIN', (e) => {
      if (e.accountType !== 'spot' && e.accountTypeCode !== '1') return;
      queryClient.setQueryData<SpotWallet>(queryKey, (old) => {
        if (!old) return old;
        const patch = { available: e.available, frozen: e.frozen };
        if (e.asset === old.base.coin) return { ...old, base: { ...old.base, ...patch } };
        if (e.asset === old.quote.coin) return { ...old, quote: { ...old.quote, ...patch } };
        return old;
      });
      clearTimeout(timer);
      timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey }), 300);
    });
    return () => {
      clearTimeout(timer);
      off();
    };
  }, [joined, userId, queryClient]);
  return { wallet: query.data, loggedIn: userId !== '' };
}
