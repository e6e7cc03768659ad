// Deposit records: time, order number, coin, network, amount, where it came from (address and transaction
// id with copy and explorer link for chain deposits; manual recharges say so) and the state in words
// (confirming n/m, under review, completed, failed with the reason). While something is still pending the
// list refreshes every 3 s.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatTime } from '@/lib/format-time';
import { useNumberFormat } from '@/lib/use-number-format';
import { rechargeLogQuery } from '../api/get-recharge-log';
import { useDecimalsOf } from '../hooks/use-coin-choice';
import { DEPOSIT_STATUS_FILTER, depositStatus } from '../lib/record-status';
import type { RechargeRow } from '../lib/wallet-types';
import { CopyValue, TxIdValue } from './copy-value';
import { CoinFilter, StatusFilter, usePage } from './paged-table';
import { RecordTable } from './record-table';
import { RecordStatus, WalletCard } from './wallet-ui';

const PENDING_POLL_MS = 3000;

export function RechargeHistory({ pageSize = 10, title }: { pageSize?: number; title?: string }) {
  const { t } = useTranslation('wallet');
  const formatTime = useFormatTime();
  const fmt = useNumberFormat();
  const decimalsOf = useDecimalsOf();
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
          options={DEPOSIT_STATUS_FILTER.map((s) => ({ value: s.value, label: t(s.key) }))}
          testId="recharge-filter-status"
        />
      </div>
      <RecordTable<RechargeRow>
        rows={query.data?.records ?? []}
        loading={query.isLoading}
        rowKey={(r) => r.id}
        rowTestId="recharge"
        paging={{ current, pageSize, total: query.data?.total ?? 0, onChange: setCurrent }}
        scrollX={960}
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
              <span className="wallet-num" data-testid={`recharge-amount-${r.id}`}>
                {fmt.amount(r.amount, decimalsOf(r.coin))}
              </span>
            ),
          },
          {
            key: 'status',
            title: t('history.status'),
            render: (r) => (
              <span data-testid={`recharge-status-${r.id}`} data-status={r.status}>
                <RecordStatus label={depositStatus(r)} />
                {r.reason ? <span className="wallet-reason">{r.reason}</span> : null}
              </span>
            ),
          },
          { key: 'time', title: t('history.time'), render: (r) => formatTime(r.createTime) },
          {
            key: 'network',
            title: t('form.network'),
            render: (r) => <span data-testid={`recharge-network-${r.id}`}>{r.network ?? '--'}</span>,
          },
          {
            key: 'address',
            title: t('history.address'),
            render: (r) =>
              r.address ? (
                <CopyValue value={r.address} short testId={`recharge-address-${r.id}`} />
              ) : (
                <span className="wallet-muted">
                  {r.source === 'chain' ? '--' : t('history.sourceManual')}
                </span>
              ),
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
                  testId={`recharge-txid-${r.id}`}
                />
                {r.source === 'chain' && r.simulated ? (
                  <span className="wallet-muted"> {t('history.simulated')}</span>
                ) : null}
              </>
            ),
          },
          {
            key: 'orderNo',
            title: t('history.orderNo'),
            render: (r) => <CopyValue value={r.orderNo} testId={`recharge-order-${r.id}`} />,
          },
        ]}
      />
    </WalletCard>
  );
}
