// Keeps the wallet screens live: every OWNCOIN push (a balance change of this user, see docs/realtime.md)
// patches the cached balance lists at once and then refetches the wallet queries (totals, valuations,
// records and bills follow the same move). Pushes arriving in a burst share one refetch.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onPrivateEvent } from '@/lib/private-ws';
import { walletKeys } from '../api/wallet-keys';
import { applyOwncoin, readOwncoinEvent } from '../lib/owncoin-patch';
import type { CurrencyAccount } from '../lib/wallet-types';

const REFETCH_DELAY_MS = 300;

export function useWalletLive(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = onPrivateEvent('OWNCOIN', (data: unknown) => {
      const event = readOwncoinEvent(data);
      if (!event) return;
      queryClient.setQueriesData<CurrencyAccount>(
        { queryKey: [...walletKeys.balances(), 'currency'] },
        (old) => (old ? applyOwncoin(old, event) : old),
      );
      clearTimeout(timer);
      timer = setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      }, REFETCH_DELAY_MS);
    });
    return () => {
      clearTimeout(timer);
      off();
    };
  }, [queryClient]);
}
