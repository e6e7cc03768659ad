// The order centre's wallet orders (recharge, withdraw, swap, transfer: one row per money command with
// its legs). The trade-order tab shows the spot feature's orders (app/ passes them to the wallet page).
import { useQuery } from '@tanstack/react-query';
import { Empty, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatTime } from '@/lib/format-time';
import { useNumberFormat } from '@/lib/use-number-format';
import { orderListQuery } from '../api/get-order-list';
import { useDecimalsOf } from '../hooks/use-coin-choice';
import { billTypeKey } from '../lib/bill-types';
import { amountOf } from '../lib/wallet-forms';
import { ORDER_KINDS, type OrderKind, type WalletOrder } from '../lib/wallet-types';
import { RecordTable } from './record-table';
import { WalletCard } from './wallet-ui';

export function WalletOrderList({ pageSize = 10 }: { pageSize?: number }) {
  const { t } = useTranslation('wallet');
  const formatTime = useFormatTime();
  const fmt = useNumberFormat();
  const decimalsOf = useDecimalsOf();
  const [kind, setKind] = useState<OrderKind | 'all'>('all');
  const [current, setCurrent] = useState(1);
  const query = useQuery(orderListQuery({ current, size: pageSize, ...(kind === 'all' ? {} : { kind }) }));

  return (
    <WalletCard
      title={t('orders.title')}
      testId="wallet-orders"
      extra={
        <div className="wallet-scroll-x">
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
        </div>
      }
    >
      <RecordTable<WalletOrder>
        rows={query.data?.records ?? []}
        loading={query.isLoading}
        rowKey={(r) => String(r.seq)}
        rowTestId="wallet-order"
        paging={{ current, pageSize, total: query.data?.total ?? 0, onChange: setCurrent }}
        columns={[
          {
            key: 'type',
            title: t('bills.type'),
            card: 'title',
            render: (r) => <strong>{t(billTypeKey(r.billType), { defaultValue: r.billType })}</strong>,
          },
          { key: 'time', title: t('history.time'), render: (r) => formatTime(r.createTime) },
          {
            key: 'kind',
            title: t('orders.kind'),
            render: (r) => t(`orders.kinds.${r.kind}`, { defaultValue: r.kind }),
          },
          {
            key: 'legs',
            title: t('orders.legs'),
            render: (r) => (
              <span className="wallet-num">
                {r.legs.map((leg) => {
                  const shown = fmt.amount(leg.delta, decimalsOf(leg.coin));
                  return (
                    <div key={`${leg.coin}-${leg.accountType}-${leg.field}`}>
                      {amountOf(leg.delta) > 0n ? `+${shown}` : shown} {leg.coin} ·{' '}
                      {t(`accountTypes.${leg.accountType}`, { defaultValue: leg.accountType })} ·{' '}
                      {t(`bills.fields.${leg.field}`, { defaultValue: leg.field })}
                    </div>
                  );
                })}
              </span>
            ),
          },
        ]}
      />
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
