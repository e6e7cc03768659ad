// Opens the white paper (spec sections 2 and 8): the link is fetched separately; none gives the warning
// 'no white paper link available', a failed call the error 'white paper service temporarily unavailable'.
// The link is prefetched on hover or focus so the click can open the tab synchronously (pop-up blockers
// only allow window.open during the click itself).
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { fetchWhitePaperUrl } from './shell-links';

const whitePaperQuery = {
  queryKey: ['common', 'whitePaper'],
  queryFn: fetchWhitePaperUrl,
  staleTime: 5 * 60_000,
  retry: false,
} as const;

export function useWhitePaper(): { open: () => void; prefetch: () => void } {
  const queryClient = useQueryClient();
  const { t } = useTranslation('layout');

  const prefetch = useCallback(() => {
    void queryClient.prefetchQuery(whitePaperQuery);
  }, [queryClient]);

  const open = useCallback(() => {
    const state = queryClient.getQueryState(whitePaperQuery.queryKey);
    const fresh = state?.status === 'success' && Date.now() - state.dataUpdatedAt < whitePaperQuery.staleTime;
    const show = (url: string | null) => {
      if (url) window.open(url, '_blank', 'noopener,noreferrer');
      else toast.warning(t('whitePaper.none'));
    };
    if (fresh) {
      show(queryClient.getQueryData<string | null>(whitePaperQuery.queryKey) ?? null);
      return;
    }
    queryClient.fetchQuery(whitePaperQuery).then(show, () => {
      toast.error(t('whitePaper.failed'));
    });
  }, [queryClient, t]);

  return { open, prefetch };
}
