// Deposit records: manual recharges (under review / passed / failed with the reason) and chain deposits
// (confirming n/m, then credited). While something is still pending the list refreshes every 3 s.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatTime } from '@/lib/format-time';
import { rechargeLogQuery } from '../api/get-recharge-log';
import type { RechargeRow } from '../lib/wallet-types';
import { CoinFilter, PagedTable, StatusFilter, usePage } from './paged-table';
import { RechargeStatusTag, WalletCard } from './wallet-ui';

const PENDING_POLL_MS = 3000;

export function RechargeHistory({ pageSize = 10, title }: { pageSize?: number; title?: string }) {
  const { t } = useTranslation('wallet');
  const formatTime = useFormatTime();
  const { current, setCurrent, reset } = usePage();
  const [coin, setCoin] = useState<string | undefined>(undefined);
  const [status, setStatus] = useState<0 | 1 | 2 | undefined>(undefined);
  const query = useQuery({
    ...rechargeLogQuery({ current, size: pageSize, coin, status }),
    refetchInterval: (q) => (q.state.data?.records.some((r) => r.status === 0) ? PENDING_POLL_MS : false),
  });

  return (
    <WalletCard title={title ?? t('history.depositTitle')} testId="recharge-history">
      <div className="wallet-filters">
        <CoinFilter value={coin} onChange={reset(setCoin)} testId="recharge-filter-coin" />
        <StatusFilter
          value={status}
          onChange={reset(setStatus)}
          options={[
            { value: 0, label: t('status.review') },
            { value: 1, label: t('status.passed') },
            { value: 2, label: t('status.failed') },
          ]}
          testId="recharge-filter-status"
        />
      </div>
      <PagedTable<RechargeRow>
        query={query}
        current={current}
        pageSize={pageSize}
        onPage={setCurrent}
        rowTestId="recharge"
        scrollX={760}
        columns={[
          { title: t('history.time'), key: 'time', render: (_, r) => formatTime(r.createTime) },
          { title: t('history.orderNo'), dataIndex: 'orderNo', key: 'orderNo' },
          { title: t('form.coin'), dataIndex: 'coin', key: 'coin' },
          {
            title: t('form.amount'),
            key: 'amount',
            align: 'right',
            render: (_, r) => <span className="wallet-num">{r.amount}</span>,
          },
          {
            title: t('history.source'),
            key: 'source',
            render: (_, r) =>
              r.source === 'chain'
                ? r.simulated
                  ? t('history.sourceChainSimulated')
                  : t('history.sourceChain')
                : t('history.sourceManual'),
          },
          {
            title: t('history.status'),
            key: 'status',
            render: (_, r) => (
              <span data-testid={`recharge-status-${r.id}`} data-status={r.status}>
                <RechargeStatusTag row={r} />
              </span>
            ),
          },
          { title: t('history.reason'), key: 'reason', render: (_, r) => r.reason ?? '' },
        ]}
      />
    </WalletCard>
  );
}
