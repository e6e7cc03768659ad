// The review queues (docs/wallet-api.md "Operator review queues"): manual recharges with their payment
// screenshot, and withdrawals with amount, fee and address. Approve, or reject with a reason.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Segmented, Space, Table, Tag, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatTime } from '@/lib/format-time';
import {
  approveRecharge,
  approveWithdrawal,
  consoleKeys,
  listRecharges,
  listWithdrawals,
  rejectRecharge,
  rejectWithdrawal,
} from '../api/console-api';
import type { Recharge, Withdrawal } from '../api/console-types';
import { RejectDialog } from '../components/reject-dialog';
import { ScreenshotButton } from '../components/screenshot-button';
import { RECHARGE_STATUS, WITHDRAWAL_STATUS } from '../lib/console-rules';

type Filter = 'pending' | 'all';
const STATUS_COLOR: Record<string, string> = {
  pending: 'gold',
  passed: 'green',
  failed: 'red',
  cancelled: 'default',
};

const rowProps = (testId: string) => ({ 'data-testid': testId }) as HTMLAttributes<HTMLElement>;

function useDecide<T>(
  kind: 'recharges' | 'withdrawals',
  approve: (id: string) => Promise<T>,
  reject: (id: string, reason: string) => Promise<T>,
) {
  const qc = useQueryClient();
  const { message } = App.useApp();
  const { t } = useTranslation('admin');
  const done = (text: string) => {
    message.success(text);
    void qc.invalidateQueries({ queryKey: ['admin', kind] });
  };
  const approveM = useMutation({ mutationFn: approve, onSuccess: () => done(t('review.approved')) });
  const rejectM = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => reject(id, reason),
    onSuccess: () => done(t('review.rejected')),
  });
  return { approveM, rejectM };
}

function Header({
  title,
  filter,
  setFilter,
}: {
  title: string;
  filter: Filter;
  setFilter: (f: Filter) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className="admin-page-head">
      <Typography.Title level={3}>{title}</Typography.Title>
      <Segmented<Filter>
        value={filter}
        onChange={setFilter}
        options={[
          { value: 'pending', label: t('review.filterPending') },
          { value: 'all', label: t('review.filterAll') },
        ]}
      />
    </div>
  );
}

export function RechargesPage() {
  const { t } = useTranslation('admin');
  const fmt = useFormatTime();
  const [filter, setFilter] = useState<Filter>('pending');
  const [rejecting, setRejecting] = useState<string | null>(null);
  const query = useQuery({
    queryKey: consoleKeys.recharges(filter),
    queryFn: () => listRecharges(filter === 'pending' ? '0' : 'all'),
  });
  const { approveM, rejectM } = useDecide('recharges', approveRecharge, rejectRecharge);
  return (
    <section>
      <Header title={t('nav.recharges')} filter={filter} setFilter={setFilter} />
      <Table<Recharge>
        rowKey="id"
        loading={query.isLoading}
        dataSource={query.data?.records ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        onRow={(r) => rowProps(`recharge-row-${r.id}`)}
        locale={{ emptyText: t('review.empty') }}
        columns={[
          {
            title: t('cols.orderNo'),
            dataIndex: 'orderNo',
            render: (v: string) => <span className="admin-mono admin-nowrap">{v}</span>,
          },
          { title: t('cols.user'), render: (_, r) => `${r.account} (#${r.userId})` },
          {
            title: t('cols.amount'),
            align: 'right',
            render: (_, r) => (
              <span className="admin-num">
                {r.amount} {r.coin}
              </span>
            ),
          },
          {
            title: t('cols.time'),
            render: (_, r) => <span className="admin-nowrap">{fmt(r.createTime)}</span>,
          },
          {
            title: t('cols.status'),
            render: (_, r) => {
              const s = RECHARGE_STATUS[r.status];
              return (
                <Space direction="vertical" size={0}>
                  <Tag color={STATUS_COLOR[s]}>{t(`status.${s}`)}</Tag>
                  <small className="admin-muted">{t(`review.source.${r.source}`)}</small>
                  {r.reason ? <small className="admin-muted">{r.reason}</small> : null}
                  {r.reviewer ? <small className="admin-muted">{r.reviewer}</small> : null}
                </Space>
              );
            },
          },
          {
            title: t('cols.actions'),
            render: (_, r) => (
              <Space>
                {r.screenshot ? <ScreenshotButton id={r.id} link={r.screenshot} /> : null}
                {r.status === 0 && r.source === 'manual' ? (
                  <>
                    <Button
                      type="primary"
                      size="small"
                      data-testid={`approve-${r.id}`}
                      loading={approveM.isPending && approveM.variables === r.id}
                      onClick={() => approveM.mutate(r.id)}
                    >
                      {t('actions.approve')}
                    </Button>
                    <Button
                      danger
                      size="small"
                      data-testid={`reject-${r.id}`}
                      onClick={() => setRejecting(r.id)}
                    >
                      {t('actions.reject')}
                    </Button>
                  </>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      <RejectDialog
        open={rejecting !== null}
        title={t('review.rejectRecharge')}
        busy={rejectM.isPending}
        onCancel={() => setRejecting(null)}
        onConfirm={(reason) => {
          if (rejecting) rejectM.mutate({ id: rejecting, reason }, { onSuccess: () => setRejecting(null) });
        }}
      />
    </section>
  );
}

export function WithdrawalsPage() {
  const { t } = useTranslation('admin');
  const fmt = useFormatTime();
  const [filter, setFilter] = useState<Filter>('pending');
  const [rejecting, setRejecting] = useState<string | null>(null);
  const query = useQuery({
    queryKey: consoleKeys.withdrawals(filter),
    queryFn: () => listWithdrawals(filter === 'pending' ? '0' : 'all'),
  });
  const { approveM, rejectM } = useDecide('withdrawals', approveWithdrawal, rejectWithdrawal);
  return (
    <section>
      <Header title={t('nav.withdrawals')} filter={filter} setFilter={setFilter} />
      <Table<Withdrawal>
        rowKey="id"
        loading={query.isLoading}
        dataSource={query.data?.records ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        onRow={(r) => rowProps(`withdrawal-row-${r.id}`)}
        locale={{ emptyText: t('review.empty') }}
        columns={[
          {
            title: t('cols.orderNo'),
            dataIndex: 'orderNo',
            render: (v: string) => <span className="admin-mono admin-nowrap">{v}</span>,
          },
          { title: t('cols.user'), render: (_, r) => `${r.account} (#${r.userId})` },
          {
            title: t('cols.amount'),
            align: 'right',
            render: (_, r) => (
              <span className="admin-stack">
                <span className="admin-num">
                  {r.amount} {r.coin}
                </span>
                {r.network ? <small className="admin-muted">{r.network}</small> : null}
              </span>
            ),
          },
          {
            title: t('cols.fee'),
            dataIndex: 'fee',
            align: 'right',
            render: (v: string) => <span className="admin-num">{v}</span>,
          },
          {
            title: t('cols.address'),
            dataIndex: 'address',
            render: (v: string) => (
              <Typography.Text copyable className="admin-mono">
                {v}
              </Typography.Text>
            ),
          },
          {
            title: t('cols.time'),
            render: (_, r) => <span className="admin-nowrap">{fmt(r.createTime)}</span>,
          },
          {
            title: t('cols.status'),
            render: (_, r) => {
              const s = WITHDRAWAL_STATUS[r.status];
              return (
                <Space direction="vertical" size={0}>
                  <Tag color={STATUS_COLOR[s]}>{t(`status.${s}`)}</Tag>
                  {r.reason ? <small className="admin-muted">{r.reason}</small> : null}
                  {r.txid ? <small className="admin-mono">{r.txid}</small> : null}
                </Space>
              );
            },
          },
          {
            title: t('cols.actions'),
            render: (_, r) =>
              r.status === 0 ? (
                <Space>
                  <Button
                    type="primary"
                    size="small"
                    data-testid={`approve-${r.id}`}
                    loading={approveM.isPending && approveM.variables === r.id}
                    onClick={() => approveM.mutate(r.id)}
                  >
                    {t('actions.approve')}
                  </Button>
                  <Button
                    danger
                    size="small"
                    data-testid={`reject-${r.id}`}
                    onClick={() => setRejecting(r.id)}
                  >
                    {t('actions.reject')}
                  </Button>
                </Space>
              ) : null,
          },
        ]}
      />
      <RejectDialog
        open={rejecting !== null}
        title={t('review.rejectWithdrawal')}
        busy={rejectM.isPending}
        onCancel={() => setRejecting(null)}
        onConfirm={(reason) => {
          if (rejecting) rejectM.mutate({ id: rejecting, reason }, { onSuccess: () => setRejecting(null) });
        }}
      />
    </section>
  );
}
