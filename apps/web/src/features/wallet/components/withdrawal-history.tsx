// Withdrawal records: time, order number, coin, network, address and transaction id (each with a copy
// button; the id with an explorer link where the network has one), amount, fee and the state in words
// (under review, completed, rejected with the reason, cancelled). A request still under review can be
// cancelled, which returns the held funds.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { useFormatTime } from '@/lib/format-time';
import { toast } from '@/lib/toast';
import { useNumberFormat } from '@/lib/use-number-format';
import { cancelWithdrawal } from '../api/cancel-withdrawal';
import { withdrawalLogQuery } from '../api/get-withdrawal-log';
import { walletKeys } from '../api/wallet-keys';
import { useDecimalsOf } from '../hooks/use-coin-choice';
import { WITHDRAWAL_STATUS_FILTER, withdrawalStatus } from '../lib/record-status';
import type { WithdrawalRow } from '../lib/wallet-types';
import { CopyValue, TxIdValue } from './copy-value';
import { CoinFilter, StatusFilter, usePage } from './paged-table';
import { RecordTable } from './record-table';
import { RecordStatus, WalletCard } from './wallet-ui';

export function WithdrawalHistory({ pageSize = 10, title }: { pageSize?: number; title?: string }) {
  const { t } = useTranslation('wallet');
  const formatTime = useFormatTime();
  const fmt = useNumberFormat();
  const decimalsOf = useDecimalsOf();
  const queryClient = useQueryClient();
  const { current, setCurrent, reset } = usePage();
  const [coin, setCoin] = useState<string | undefined>(undefined);
  const [status, setStatus] = useState<0 | 1 | 2 | 3 | 4 | undefined>(undefined);
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
          options={WITHDRAWAL_STATUS_FILTER.map((s) => ({ value: s.value, label: t(s.key) }))}
          testId="withdrawal-filter-status"
        />
      </div>
      <RecordTable<WithdrawalRow>
        rows={query.data?.records ?? []}
        loading={query.isLoading}
        rowKey={(r) => r.id}
        rowTestId="withdrawal"
        paging={{ current, pageSize, total: query.data?.total ?? 0, onChange: setCurrent }}
        scrollX={1000}
        columns={[
          {
            key: 'coin',
            title: t('form.coin'),
            card: 'title',
            render: (r) => <strong>{r.coin}</strong>,
          },
          {
            key: 'amount',
            title: t('form.amount'),
            align: 'right',
            card: 'title',
            render: (r) => (
              <span className="wallet-num" data-testid={`withdrawal-amount-${r.id}`}>
                {fmt.amount(r.amount, decimalsOf(r.coin))}
              </span>
            ),
          },
          {
            key: 'status',
            title: t('history.status'),
            render: (r) => (
              <span data-testid={`withdrawal-status-${r.id}`} data-status={r.status}>
                <RecordStatus label={withdrawalStatus(r.status)} />
                {r.reason ? <span className="wallet-reason">{r.reason}</span> : null}
              </span>
            ),
          },
          {
            key: 'fee',
            title: t('withdraw.fee'),
            align: 'right',
            render: (r) => (
              <span className="wallet-num" data-testid={`withdrawal-fee-${r.id}`}>
                {fmt.amount(r.fee, decimalsOf(r.coin))}
              </span>
            ),
          },
          { key: 'time', title: t('history.time'), render: (r) => formatTime(r.createTime) },
          {
            key: 'network',
            title: t('form.network'),
            render: (r) => <span data-testid={`withdrawal-network-${r.id}`}>{r.network}</span>,
          },
          {
            key: 'address',
            title: t('withdraw.address'),
            render: (r) => <CopyValue value={r.address} short testId={`withdrawal-address-${r.id}`} />,
          },
          {
            key: 'txid',
            title: t('history.txid'),
            render: (r) => (
              <>
                <TxIdValue
                  txid={r.txid}
                  network={r.network}
                  simulated={r.simulated}
                  explorerUrl={r.explorerUrl}
                  testId={`withdrawal-txid-${r.id}`}
                />
                {r.txid && r.simulated ? (
                  <span className="wallet-muted"> {t('history.simulated')}</span>
                ) : null}
              </>
            ),
          },
          {
            key: 'orderNo',
            title: t('history.orderNo'),
            render: (r) => <CopyValue value={r.orderNo} testId={`withdrawal-order-${r.id}`} />,
          },
          {
            key: 'action',
            title: t('history.action'),
            card: 'line',
            render: (r) =>
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
              ) : (
                <span className="wallet-muted">--</span>
              ),
          },
        ]}
      />
    </WalletCard>
  );
}
