// The spot order screens need a session: a visitor sees a prompt to log in instead of the lists.
import { Link } from '@tanstack/react-router';
import { Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '@/lib/session-store';

/** A visitor sees a prompt to log in instead of the lists. */
export function SpotSignedInOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation('spotOrders');
  const isLogin = useSessionStore((s) => s.isLogin);
  if (isLogin) return <>{children}</>;
  return (
    <Result
      status="info"
      title={t('guest.title')}
      subTitle={t('guest.text')}
      data-testid="spot-orders-guest"
      extra={
        <Link to="/user/login" className="app-link-button app-link-button--primary">
          {t('guest.login')}
        </Link>
      }
    />
  );
}
