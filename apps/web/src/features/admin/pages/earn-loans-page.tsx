// Loan review in the console (issue 16): applications with their three documents (fetched with the
// operator token), approval (the money core lends the principal from the lending pool, exactly once)
// or rejection with a reason the applicant sees. Every decision is in the audit log.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Segmented, Space, Table, Tag, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatTime } from '@/lib/format-time';
import {
  type AdminLoan,
  approveLoan,
  earnConsoleKeys,
  listEarnLoans,
  rejectLoan,
} from '../api/earn-console-api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { RejectDialog } from '../components/reject-dialog';
import { ScreenshotButton } from '../components/screenshot-button';

type Filter = 'pending' | 'approved' | 'failed' | 'all';
const STATUS_COLOR: Record<string, string> = {
  pending: 'gold',
  repaying: 'processing',
  overdue: 'red',
  settled: 'green',
  failed: 'default',
};

export function EarnLoansPage() {
  const { t } = useTranslation('adminEarn');
  const { t: ta } = useTranslation('admin');
  const fmt = useFormatTime();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [filter, setFilter] = useState<Filter>('pending');
  const [page, setPage] = useState(1);
  const [confirming, setConfirming] = useState<AdminLoan | null>(null);
  const [rejecting, setRejecting] = useState<string | null>(null);
  const loans = useQuery({
    queryKey: earnConsoleKeys.loans(filter, page),
    queryFn: () => listEarnLoans(filter, page),
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: earnConsoleKeys.all });
  const approve = useMutation({
    mutationFn: approveLoan,
    onSuccess: () => message.success(t('loans.approved')),
    onSettled: () => {
      setConfirming(null);
      refresh();
    },
  });
  const reject = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => rejectLoan(id, reason),
    onSuccess: () => setRejecting(null),
    onSettled: refresh,
  });
  return (
    <section>
      <div className="admin-page-head">
        <Typography.Title level={3}>{ta('nav.earn-loans')}</Typography.Title>
        <Segmented<Filter>
          value={filter}
          onChange={(f) => {
            setFilter(f);
            setPage(1);
          }}
          options={(['pending', 'approved', 'failed', 'all'] as const).map((f) => ({
            value: f,
            label: t(`loans.filters.${f}`),
          }))}
        />
      </div>
      <p className="admin-muted">{t('loans.explained')}</p>
      <Table<AdminLoan>
        rowKey="id"
        size="small"
        loading={loans.isLoading}
        dataSource={loans.data?.records ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: ta('review.empty') }}
        onRow={(l) => ({ 'data-testid': `loan-review-row-${l.id}` }) as HTMLAttributes<HTMLElement>}
        pagination={{
          current: page,
          pageSize: 20,
          total: loans.data?.total ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
        }}
        columns={[
          { title: ta('cols.id'), dataIndex: 'id', width: 60 },
          { title: ta('cols.user'), render: (_, l) => `${l.account ?? '?'} (#${l.userId})` },
          { title: t('loans.product'), render: (_, l) => l.productName },
          {
            title: t('loans.amount'),
            align: 'right',
            render: (_, l) => <span className="admin-num">{`${l.amount} ${l.coin}`}</span>,
          },
          {
            title: t('loans.terms'),
            render: (_, l) =>
              t('loans.termsValue', {
                days: l.cycleDays,
                rate: l.dailyRate,
                way: t(`repayWays.${l.repayWay}`),
              }),
          },
          {
            title: t('loans.interest'),
            align: 'right',
            render: (_, l) => <span className="admin-num">{l.interest}</span>,
          },
          {
            title: t('loans.documents'),
            render: (_, l) => (
              <Space size={4}>
                <ScreenshotButton id={`${l.id}-front`} link={l.documents.frontImage} />
                <ScreenshotButton id={`${l.id}-back`} link={l.documents.backImage} />
                <ScreenshotButton id={`${l.id}-holding`} link={l.documents.holdingImage} />
              </Space>
            ),
          },
          { title: t('loans.applied'), render: (_, l) => fmt(l.applyTime) },
          {
            title: ta('cols.status'),
            render: (_, l) => (
              <span className="admin-stack">
                <Tag color={STATUS_COLOR[l.status]} data-testid={`loan-review-status-${l.id}`}>
                  {t(`loans.status.${l.status}`)}
                </Tag>
                {l.failReason ? <small className="admin-muted">{l.failReason}</small> : null}
                {l.failure ? <small className="admin-debit">{l.failure}</small> : null}
              </span>
            ),
          },
          {
            title: ta('cols.actions'),
            render: (_, l) =>
              l.status === 'pending' ? (
                <Space>
                  <Button
                    type="primary"
                    size="small"
                    data-testid={`loan-approve-${l.id}`}
                    onClick={() => setConfirming(l)}
                  >
                    {ta('actions.approve')}
                  </Button>
                  <Button
                    size="small"
                    danger
                    data-testid={`loan-reject-${l.id}`}
                    onClick={() => setRejecting(l.id)}
                  >
                    {ta('actions.reject')}
                  </Button>
                </Space>
              ) : null,
          },
        ]}
      />
      <ConfirmDialog
        open={confirming !== null}
        title={t('loans.confirmTitle')}
        facts={
          confirming
            ? [
                {
                  key: 'user',
                  label: ta('cols.user'),
                  value: `${confirming.account ?? '?'} (#${confirming.userId})`,
                },
                {
                  key: 'amount',
                  label: t('loans.amount'),
                  value: (
                    <strong data-testid="loan-confirm-amount">{`${confirming.amount} ${confirming.coin}`}</strong>
                  ),
                },
                { key: 'interest', label: t('loans.interest'), value: confirming.interest },
              ]
            : []
        }
        note={t('loans.confirmNote')}
        busy={approve.isPending}
        okTestId="loan-approve-confirm"
        cancelTestId="loan-approve-cancel"
        onConfirm={() => confirming && approve.mutate(confirming.id)}
        onCancel={() => setConfirming(null)}
      />
      <RejectDialog
        open={rejecting !== null}
        title={t('loans.rejectTitle')}
        busy={reject.isPending}
        onConfirm={(reason) => rejecting && reject.mutate({ id: rejecting, reason })}
        onCancel={() => setRejecting(null)}
      />
    </section>
  );
}
