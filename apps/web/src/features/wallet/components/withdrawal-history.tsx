// Withdrawal records: address, amount, fee, status (under review / passed / failed with the reason /
// cancelled); a request still under review can be cancelled, which returns the held funds.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { useFormatTime } from '@/lib/format-time';
import { toast } from '@/lib/toast';
import { cancelWithdrawal } from '../api/cancel-withdrawal';
import { withdrawalLogQuery } from '../api/get-withdrawal-log';
import { walletKeys } from '../api/wallet-keys';
import type { WithdrawalRow } from '../lib/wallet-types';
import { CoinFilter, PagedTable, StatusFilter, usePage } from './paged-table';
import { WalletCard, WithdrawalStatusTag } from './wallet-ui';

export function WithdrawalHistory({ pageSize = 10, title }: { pageSize?: number; title?: string }) {
  const { t } = useTranslation('wallet');
  const formatTime = useFormatTime();
  const queryClient = useQueryClient();
  const { current, setCurrent, reset } = usePage();
  const [coin, setCoin] = useState<string | undefined>(undefined);
  const [status, setStatus] = useState<0 | 1 | 2 | 3 | undefined>(undefined);
  const [cancelling, setCancelling] = useState<string | null>(null);
  const query = useQuery(withdrawalLogQuery({ current, size: pageSize, coin, status }));

  const cancel = async (id: string) => {
    setCancelling(id);
    try {
      await cancelWithdrawal(id);
      toast.success(t('history.cancelled'));
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    } catch (e) {
      if (!isApiError(e)) toast.error(t('errors.generic'));
    } finally {
      setCancelling(null);
    }
  };

  return (
    <WalletCard title={title ?? t('history.withdrawalTitle')} testId="withdrawal-history">
      <div className="wallet-filters">
        <CoinFilter value={coin} onChange={reset(setCoin)} />
        <StatusFilter
          value={status}
          onChange={reset(setStatus)}
          options={[
            { value: 0, label: t('status.review') },
            { value: 1, label: t('status.passed') },
            { value: 2, label: t('status.failed') },
            { value: 3, label: t('status.cancelled') },
          ]}
          testId="withdrawal-filter-status"
        />
      </div>
      <PagedTable<WithdrawalRow>
        query={query}
        current={current}
        pageSize={pageSize}
        onPage={setCurrent}
        rowTestId="withdrawal"
        scrollX={900}
        columns={[
          { title: t('history.time'), key: 'time', render: (_, r) => formatTime(r.createTime) },
          { title: t('form.coin'), dataIndex: 'coin', key: 'coin' },
          {
            title: t('withdraw.address'),
            key: 'address',
            render: (_, r) => (
              <span className="wallet-address__text" style={{ fontSize: 12 }}>
                {r.address}
              </span>
            ),
          },
          {
            title: t('form.amount'),
            key: 'amount',
            align: 'right',
            render: (_, r) => <span className="wallet-num">{r.amount}</span>,
          },
          {
            title: t('withdraw.fee'),
            key: 'fee',
            align: 'right',
            render: (_, r) => <span className="wallet-num">{r.fee}</span>,
          },
          {
            title: t('history.status'),
            key: 'status',
            render: (_, r) => (
              <span data-testid={`withdrawal-status-${r.id}`} data-status={r.status}>
                <WithdrawalStatusTag status={r.status} />
              </span>
            ),
          },
          { title: t('history.reason'), key: 'reason', render: (_, r) => r.reason ?? '' },
          {
            title: t('history.action'),
            key: 'action',
            render: (_, r) =>
              r.status === 0 ? (
                <Popconfirm title={t('history.cancelConfirm')} onConfirm={() => void cancel(r.id)}>
                  <Button
                    size="small"
                    loading={cancelling === r.id}
                    data-testid={`withdrawal-cancel-${r.id}`}
                  >
                    {t('history.cancel')}
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]}
      />
    </WalletCard>
  );
}
