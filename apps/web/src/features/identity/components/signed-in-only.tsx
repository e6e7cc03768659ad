// The account pages of this feature need a session: a visitor gets a login prompt that returns here
// (their calls would answer 401, which signs out and leaves for the home page).
import { useRouterState } from '@tanstack/react-router';
import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '@/lib/session-store';

export function SignedInOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation('identity');
  const isLogin = useSessionStore((s) => s.isLogin);
  const href = useRouterState({ select: (s) => s.location.href });
  if (isLogin) return <>{children}</>;
  return (
    <Result
      status="info"
      title={t('guest.title')}
      subTitle={t('guest.text')}
      data-testid="identity-guest"
      extra={
        <a href={`/user/login?redirect=${encodeURIComponent(href)}`}>
          <Button type="primary">{t('guest.login')}</Button>
        </a>
      }
    />
  );
}
