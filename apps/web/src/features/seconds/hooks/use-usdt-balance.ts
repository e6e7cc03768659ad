// The signed-in user's USDT in the spot account (the stake asset), patched at once from every OWNCOIN
// push (so the balance moves when a contract is placed or settles, without a reload) and refetched shortly
// after.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onPrivateEvent } from '@/lib/private-ws';
import { getUsdtBalance, secondsKeys } from '../api/seconds-api';

export function useUsdtBalance(userId: string, coin: string) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: secondsKeys.balance(userId),
    queryFn: ({ signal }) => getUsdtBalance(coin, signal),
    enabled: userId !== '',
  });
  useEffect(() => {
    if (!userId) return;
    const queryKey = secondsKeys.balance(userId);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = onPrivateEvent('OWNCOIN', (e) => {
      if (e.asset !== 'USDT' || (e.accountType !== 'spot' && e.accountTypeCode !== '1')) return;
      queryClient.setQueryData(queryKey, { available: e.available, frozen: e.frozen });
      clearTimeout(timer);
      timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey }), 500);
    });
    return () => {
      clearTimeout(timer);
      off();
    };
  }, [userId, queryClient]);
  return query.data;
}
