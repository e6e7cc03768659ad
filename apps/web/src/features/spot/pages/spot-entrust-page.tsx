// /account/entrust/spot (issue 11): the user's spot orders in three tabs: open orders (pair and side
// filters, cancel one, cancel all after a confirmation), the order history (pair, side, state and day
// range filters, paged) and the trade history (fills). Every list stays live through ORDER pushes.
// A visitor is asked to log in.
// Test ids: `spot-entrust-page`, `spot-tab-<open|history|trades>`, `spot-cancel-all`,
// `spot-cancel-all-confirm`, plus those of the tables and filters.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button, Popconfirm, Result, Tabs } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '@/lib/session-store';
import { toast } from '@/lib/toast';
import { cancelAllOrders } from '../api/cancel-all-orders';
import { openOrdersQuery } from '../api/get-order-list';
import { spotKeys } from '../api/spot-keys';
import { type SpotFilterValues, SpotOrderFilters, useEntrustFilter } from '../components/spot-order-filters';
import { SpotOrderList } from '../components/spot-orders-table';
import { SpotTradesTable } from '../components/spot-trades-table';
import '../components/spot-orders.css';

const PAGE_SIZE = 10;

export type SpotEntrustTab = 'open' | 'history' | 'trades';

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

function CancelAllButton({ symbol }: { symbol?: string }) {
  const { t } = useTranslation('spotOrders');
  const queryClient = useQueryClient();
  // The same query as the open list's first page, so the count costs no extra request.
  const open = useQuery(openOrdersQuery({ current: 1, size: PAGE_SIZE, ...(symbol ? { symbol } : {}) }));
  const count = open.data?.total ?? 0;
  const cancelAll = useMutation({
    mutationFn: () => cancelAllOrders(symbol),
    onSuccess: (r) => toast.success(t('messages.cancelledAll', { count: r.cancelled })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: spotKeys.orders() }),
  });
  return (
    <Popconfirm
      title={t('confirm.cancelAllTitle')}
      description={t('confirm.cancelAllText', { count })}
      okText={t('confirm.yes')}
      cancelText={t('confirm.no')}
      okButtonProps={{ danger: true, ...{ 'data-testid': 'spot-cancel-all-confirm' } }}
      onConfirm={() => cancelAll.mutateAsync().catch(() => undefined)}
      disabled={count === 0}
    >
      <Button danger disabled={count === 0} loading={cancelAll.isPending} data-testid="spot-cancel-all">
        {t('actions.cancelAll')}
      </Button>
    </Popconfirm>
  );
}

function OpenTab() {
  const [values, setValues] = useState<SpotFilterValues>({});
  const filter = useEntrustFilter(values);
  return (
    <>
      <div className="spot-toolbar">
        <SpotOrderFilters values={values} onChange={setValues} fields={['pair', 'side']} />
        <CancelAllButton symbol={values.symbol} />
      </div>
      {/* Only pair and side apply to open orders: the side filter is applied by the server too. */}
      <SpotOrderList mode="open" filter={filter} pageSize={PAGE_SIZE} />
    </>
  );
}

function HistoryTab() {
  const [values, setValues] = useState<SpotFilterValues>({});
  const filter = useEntrustFilter(values);
  return (
    <>
      <SpotOrderFilters values={values} onChange={setValues} fields={['pair', 'side', 'state', 'dates']} />
      <SpotOrderList mode="history" filter={filter} pageSize={PAGE_SIZE} />
    </>
  );
}

function TradesTab() {
  const [values, setValues] = useState<SpotFilterValues>({});
  return (
    <>
      <SpotOrderFilters values={values} onChange={setValues} fields={['pair']} />
      <SpotTradesTable symbol={values.symbol} pageSize={PAGE_SIZE} />
    </>
  );
}

export function SpotEntrustPage({ initialTab = 'open' }: { initialTab?: SpotEntrustTab }) {
  const { t } = useTranslation('spotOrders');
  const [tab, setTab] = useState<SpotEntrustTab>(initialTab);
  return (
    <div className="spot-entrust-page" data-testid="spot-entrust-page">
      <h1 className="account-page-title" data-testid="page-title">
        {t('title')}
      </h1>
      <SpotSignedInOnly>
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as SpotEntrustTab)}
          destroyOnHidden
          items={(['open', 'history', 'trades'] as const).map((key) => ({
            key,
            label: <span data-testid={`spot-tab-${key}`}>{t(`tabs.${key}`)}</span>,
            children: key === 'open' ? <OpenTab /> : key === 'history' ? <HistoryTab /> : <TradesTab />,
          }))}
        />
      </SpotSignedInOnly>
    </div>
  );
}
