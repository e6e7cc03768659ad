// Deposit records: manual recharges (under review / passed / failed with the reason) and chain deposits
// (confirming n/m, then credited). While something is still pending the list refreshes every 3 s.
import { useQuery } from '@tanstack/react-query';
import { Select, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatTime } from '@/lib/format-time';
import { rechargeLogQuery } from '../api/get-recharge-log';
import { useCoinChoice } from '../hooks/use-coin-choice';
import type { RechargeRow } from '../lib/wallet-types';
import { RechargeStatusTag, WalletCard } from './wallet-ui';

const PENDING_POLL_MS = 3000;

export function RechargeHistory({ pageSize = 10, title }: { pageSize?: number; title?: string }) {
  const { t } = useTranslation('wallet');
  const formatTime = useFormatTime();
  const { coins } = useCoinChoice();
  const [current, setCurrent] = useState(1);
  const [coin, setCoin] = useState<string | undefined>(undefined);
  const [status, setStatus] = useState<0 | 1 | 2 | undefined>(undefined);
  const query = useQuery({
    ...rechargeLogQuery({ current, size: pageSize, coin, status }),
    refetchInterval: (q) => (q.state.data?.records.some((r) => r.status === 0) ? PENDING_POLL_MS : false),
  });

  return (
    <WalletCard title={title ?? t('history.depositTitle')} testId="recharge-history">
      <div className="wallet-filters">
        <Select
          allowClear
          placeholder={t('form.coin')}
          style={{ width: 140 }}
          value={coin}
          onChange={(v) => {
            setCoin(v);
            setCurrent(1);
          }}
          options={coins.map((c) => ({ value: c, label: c }))}
          data-testid="recharge-filter-coin"
        />
        <Select
          allowClear
          placeholder={t('history.status')}
          style={{ width: 160 }}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setCurrent(1);
          }}
          options={[
            { value: 0, label: t('status.review') },
            { value: 1, label: t('status.passed') },
            { value: 2, label: t('status.failed') },
          ]}
          data-testid="recharge-filter-status"
        />
      </div>
      <Table<RechargeRow>
        rowKey="id"
        size="middle"
        loading={query.isLoading}
        dataSource={query.data?.records ?? []}
        onRow={(row) => ({ 'data-testid': `recharge-${row.id}` }) as React.HTMLAttributes<HTMLElement>}
        pagination={{
          current,
          pageSize,
          total: query.data?.total ?? 0,
          onChange: setCurrent,
          showSizeChanger: false,
        }}
        scroll={{ x: 760 }}
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
