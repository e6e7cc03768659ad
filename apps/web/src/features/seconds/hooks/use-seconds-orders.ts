// The user's contracts: a page of the order list (open first, then settled), refreshed on every
// SETTLEMENT push of a seconds contract; `onSettled` hears each settled contract as it arrives.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { onPrivateEvent } from '@/lib/private-ws';
import { getOrders, secondsKeys } from '../api/seconds-api';
import { readOrder, type SecondsOrder } from '../lib/seconds-order';

export const ORDER_PAGE_SIZE = 10;

export function useSecondsOrders(userId: string, status: 'all' | 'open' | 'settled', current: number) {
  return useQuery({
    queryKey: secondsKeys.orderList(userId, status, current),
    queryFn: ({ signal }) =>
      getOrders({ ...(status === 'all' ? {} : { status }), current, size: ORDER_PAGE_SIZE }, signal),
    enabled: userId !== '',
    placeholderData: keepPreviousData,
  });
}

/** Calls `onSettled` for every SETTLEMENT push of a seconds contract and refreshes the order lists. */
export function useSettlements(userId: string, onSettled: (order: SecondsOrder) => void): void {
  const queryClient = useQueryClient();
  const listener = useRef(onSettled);
  listener.current = onSettled;
  useEffect(() => {
    if (!userId) return;
    return onPrivateEvent('SETTLEMENT', (data) => {
      const d = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
      if (d.product !== 'seconds') return;
      const order = readOrder(d);
      if (!order) return;
      listener.current(order);
      void queryClient.invalidateQueries({ queryKey: secondsKeys.orders() });
    });
  }, [userId, queryClient]);
}
