// Keeps every spot order list live: each ORDER push (the new state of one of the user's orders, see
// docs/spot.md "Realtime") patches the cached order pages at once (an open order that filled or was
// cancelled leaves the open list; a listed order shows its new fill and state), then refetches the order
// queries so new orders and moved pages follow. Pushes arriving in a burst share one refetch.
// `onOrder` sees each pushed order (e.g. to refresh an expanded row's fills).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { onPrivateEvent } from '@/lib/private-ws';
import { spotKeys } from '../api/spot-keys';
import { applyOrderEvent, readSpotOrderEvent, type SpotOrder, type SpotPage } from '../lib/spot-order';

const REFETCH_DELAY_MS = 300;

export function useSpotOrderEvents(onOrder?: (order: SpotOrder) => void): void {
  const queryClient = useQueryClient();
  const listener = useRef(onOrder);
  listener.current = onOrder;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = onPrivateEvent('ORDER', (data: unknown) => {
      const order = readSpotOrderEvent(data);
      if (!order) return;
      queryClient.setQueriesData<SpotPage<SpotOrder>>({ queryKey: spotKeys.openOrders() }, (old) =>
        old ? applyOrderEvent(old, order, 'open') : old,
      );
      queryClient.setQueriesData<SpotPage<SpotOrder>>({ queryKey: spotKeys.history() }, (old) =>
        old ? applyOrderEvent(old, order, 'history') : old,
      );
      listener.current?.(order);
      clearTimeout(timer);
      timer = setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: spotKeys.orders() });
      }, REFETCH_DELAY_MS);
    });
    return () => {
      clearTimeout(timer);
      off();
    };
  }, [queryClient]);
}
