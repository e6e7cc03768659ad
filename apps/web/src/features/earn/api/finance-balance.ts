// The user's finance account (wire code '3'), where every earn product's money lives: what a
// subscription, stake or repayment can use (GET {api}/assets/getMyBalance?type=3&coin=).
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { earnKeys } from './earn-keys';

export const financeBalanceQuery = (coin: string) =>
  queryOptions({
    queryKey: [...earnKeys.all, 'balance', coin],
    queryFn: async ({ signal }) => {
      const data = await apiGet<{ list: { coin: string; available: string }[] }>(
        '/api/mjkj-web/coin/assets/getMyBalance',
        { type: '3', coin },
        { signal },
      );
      return data.list.find((b) => b.coin === coin)?.available ?? '0';
    },
  });
