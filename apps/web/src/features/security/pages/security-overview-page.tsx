// /account/center/security: every security item with its state and the page that changes it, and the
// withdrawal lock when one runs.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { List, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { securityInfoQuery } from '../api/security-info';
import { SectionCard, StateTag } from '../components/security-ui';
import { WithdrawLockNotice } from '../components/withdraw-lock-notice';

interface Item {
  key: string;
  to: string;
  on: boolean;
  detail?: ReactNode;
  onText: string;
  offText: string;
  action: string;
}

export function SecurityOverviewPage() {
  const { t } = useTranslation('security');
  const info = useQuery(securityInfoQuery());
  const d = info.data;
  const items: Item[] = d
    ? [
        {
          key: 'google',
          to: '/account/center/setting/google',
          on: d.googleBound,
          onText: t('state.bound'),
          offText: t('state.notBound'),
          action: d.googleBound ? t('overview.reset') : t('overview.bind'),
        },
        {
          key: 'email',
          to: '/account/center/setting/email',
          on: d.hasEmail,
          detail: d.email,
          onText: t('state.bound'),
          offText: t('state.notBound'),
          action: d.hasEmail ? t('overview.change') : t('overview.bind'),
        },
        {
          key: 'phone',
          to: '/account/center/setting/phone',
          on: d.hasPhone,
          detail: d.phone,
          onText: t('state.bound'),
          offText: t('state.notBound'),
          action: d.hasPhone ? t('overview.change') : t('overview.bind'),
        },
        {
          key: 'loginPwd',
          to: '/account/center/setting/login-pwd',
          on: true,
          onText: t('state.set'),
          offText: t('state.notSet'),
          action: t('overview.change'),
        },
        {
          key: 'tradePwd',
          to: '/account/center/setting/trade-pwd',
          on: d.hasFundPassword,
          onText: t('state.set'),
          offText: t('state.notSet'),
          action: d.hasFundPassword ? t('overview.change') : t('overview.set'),
        },
        {
          key: 'antiCode',
          to: '/account/center/setting/anti-code',
          on: d.hasAntiCode,
          detail: d.antiCode,
          onText: t('state.set'),
          offText: t('state.notSet'),
          action: d.hasAntiCode ? t('overview.change') : t('overview.set'),
        },
        {
          key: 'apiKeys',
          to: '/account/center/api-keys',
          on: true,
          onText: '',
          offText: '',
          action: t('overview.manage'),
        },
        {
          key: 'devices',
          to: '/account/center/device-management',
          on: true,
          onText: '',
          offText: '',
          action: t('overview.manage'),
        },
      ]
    : [];
  const done = items.filter((i) => i.onText && i.on).length;
  const total = items.filter((i) => i.onText).length;

  return (
    <SectionCard
      title={t('overview.title')}
      testId="security-overview"
      extra={d ? <span data-testid="security-score">{t('overview.score', { done, total })}</span> : null}
    >
      <WithdrawLockNotice info={d} />
      {info.isPending ? (
        <Skeleton active />
      ) : (
        <List
          itemLayout="horizontal"
          dataSource={items}
          renderItem={(item) => (
            <List.Item
              data-testid={`security-item-${item.key}`}
              actions={[
                <Link key="go" to={item.to} data-testid={`security-action-${item.key}`}>
                  {item.action}
                </Link>,
              ]}
            >
              <List.Item.Meta
                title={
                  <span className="security-item__title">
                    {t(`items.${item.key}.title`)}
                    {item.onText ? (
                      <StateTag
                        on={item.on}
                        onText={item.onText}
                        offText={item.offText}
                        testId={`security-state-${item.key}`}
                      />
                    ) : null}
                    {item.detail ? <span className="security-item__detail">{item.detail}</span> : null}
                  </span>
                }
                description={t(`items.${item.key}.description`)}
              />
            </List.Item>
          )}
        />
      )}
    </SectionCard>
  );
}
