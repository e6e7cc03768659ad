// Spec section 2: if the language changes while an article page other than the index is open, return to
// /article/main/index (the ids of the old language's pages mean nothing in the new one's tree).
import { pathAfterLanguageChange } from '@coin/shared/content';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useSettingsStore } from '@/lib/settings-store';

export function useArticleLanguageRule(): void {
  const lang = useSettingsStore((s) => s.lang);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const navigate = useNavigate();
  const previous = useRef(lang);
  useEffect(() => {
    if (previous.current === lang) return;
    previous.current = lang;
    const target = pathAfterLanguageChange(pathname);
    if (target) void navigate({ to: '/article/main/index', replace: true });
  }, [lang, pathname, navigate]);
}
