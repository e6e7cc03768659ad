// The order centre's wallet orders (recharge, withdraw, swap, transfer: one row per money command with
// its legs), and the trade-order tab, which stays empty until trading exists.
import { useQuery } from '@tanstack/react-query';
import { Empty, Segmented, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatTime } from '@/lib/format-time';
import { orderListQuery } from '../api/get-order-list';
import { billTypeKey } from '../lib/bill-types';
import { ORDER_KINDS, type OrderKind, type WalletOrder } from '../lib/wallet-types';
import { WalletCard } from './wallet-ui';

export function WalletOrderList({ pageSize = 10 }: { pageSize?: number }) {
  const { t } = useTranslation('wallet');
  const formatTime = useFormatTime();
  const [kind, setKind] = useState<OrderKind | 'all'>('all');
  const [current, setCurrent] = useState(1);
  const query = useQuery(orderListQuery({ current, size: pageSize, ...(kind === 'all' ? {} : { kind }) }));

  return (
    <WalletCard
      title={t('orders.title')}
      testId="wallet-orders"
      extra={
        <Segmented<OrderKind | 'all'>
          value={kind}
          onChange={(v) => {
            setKind(v);
            setCurrent(1);
          }}
          options={[
            { value: 'all', label: t('orders.kinds.all') },
            ...ORDER_KINDS.map((k) => ({ value: k, label: t(`orders.kinds.${k}`) })),
          ]}
        />
      }
    >
      <Table<WalletOrder>
        rowKey="seq"
        size="middle"
        loading={query.isLoading}
        dataSource={query.data?.records ?? []}
        pagination={{
          current,
          pageSize,
          total: query.data?.total ?? 0,
          onChange: setCurrent,
          showSizeChanger: false,
        }}
        columns={[
          { title: t('history.time'), key: 'time', render: (_, r) => formatTime(r.createTime) },
          {
            title: t('orders.kind'),
            key: 'kind',
            render: (_, r) => t(`orders.kinds.${r.kind}`, { defaultValue: r.kind }),
          },
          {
            title: t('bills.type'),
            key: 'type',
            render: (_, r) => t(billTypeKey(r.billType), { defaultValue: r.billType }),
          },
          {
            title: t('orders.legs'),
            key: 'legs',
            render: (_, r) => (
              <span className="wallet-num">
                {r.legs.map((leg) => (
                  <div key={`${leg.coin}-${leg.accountType}-${leg.field}`}>
                    {leg.delta.startsWith('-') ? leg.delta : `+${leg.delta}`} {leg.coin} ·{' '}
                    {t(`accountTypes.${leg.accountType}`, { defaultValue: leg.accountType })} ·{' '}
                    {t(`bills.fields.${leg.field}`, { defaultValue: leg.field })}
                  </div>
                ))}
              </span>
            ),
          },
        ]}
      />
    </WalletCard>
  );
}

export function TradeOrderList() {
  const { t } = useTranslation('wallet');
  return (
    <WalletCard title={t('orders.tradeTitle')} testId="trade-orders">
      <Empty description={t('orders.tradeEmpty')} />
    </WalletCard>
  );
}

export function FinanceNotAvailable() {
  const { t } = useTranslation('wallet');
  return (
    <WalletCard title={t('finance.title')} testId="finance-unavailable">
      <Empty description={t('finance.notAvailable')} />
    </WalletCard>
  );
}

export function AgreementText() {
  const { t } = useTranslation('wallet');
  return (
    <WalletCard title={t('agreement.title')} testId="wallet-agreement">
      {(['p1', 'p2', 'p3', 'p4'] as const).map((p) => (
        <p key={p} className="wallet-text">
          {t(`agreement.${p}`)}
        </p>
      ))}
    </WalletCard>
  );
}
