// The review queues (docs/wallet-api.md "Operator review queues"): manual recharges with their payment
// screenshot, and withdrawals with amount, fee and address. Approve after confirming what moves (user,
// asset, amount; for a recharge above its asset's threshold, which of its two approvals this is), or
// reject with a reason.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
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
import type { Page, Recharge, Withdrawal } from '../api/console-types';
import { ApprovalBlockNote } from '../components/approval-block-note';
import { ConfirmDialog, type ConfirmFact } from '../components/confirm-dialog';
import { RejectDialog } from '../components/reject-dialog';
import { PAYOUT_REVERTED, ReleaseRevertedButton } from '../components/release-reverted';
import { ScreenshotButton } from '../components/screenshot-button';
import { RECHARGE_STATUS, WITHDRAWAL_STATUS } from '../lib/console-rules';
import { useApprovalRights } from '../lib/use-approval-rights';

type Filter = 'pending' | 'all';
const STATUS_COLOR: Record<string, string> = {
  pending: 'gold',
  passed: 'green',
  failed: 'red',
  cancelled: 'default',
  sending: 'processing',
};

const rowProps = (testId: string) => ({ 'data-testid': testId }) as HTMLAttributes<HTMLElement>;

interface QueueRow {
  id: string;
  orderNo: string;
  userId: string;
  account: string;
  createTime: string;
}

// Filter, list query, approve/reject mutations, the row awaiting confirmation and the row being
// rejected, for one queue.
function useReviewQueue<T extends QueueRow>(
  kind: 'recharges' | 'withdrawals',
  list: (status: string) => Promise<Page<T>>,
  approve: (id: string) => Promise<T>,
  reject: (id: string, reason: string) => Promise<T>,
) {
  const qc = useQueryClient();
  const { message } = App.useApp();
  const { t } = useTranslation('admin');
  const [filter, setFilter] = useState<Filter>('pending');
  const [rejecting, setRejecting] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<T | null>(null);
  const query = useQuery({
    queryKey: consoleKeys[kind](filter),
    queryFn: () => list(filter === 'pending' ? '0' : 'all'),
  });
  const done = (text: string) => {
    message.success(text);
    void qc.invalidateQueries({ queryKey: ['admin', kind] });
  };
  const approveM = useMutation({
    mutationFn: approve,
    onSuccess: (row) =>
      done(
        (row as { awaitingSecondApproval?: boolean }).awaitingSecondApproval
          ? t('approval.firstRecorded')
          : t('review.approved'),
      ),
    onSettled: () => setConfirming(null),
  });
  const rejectM = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => reject(id, reason),
    onSuccess: () => done(t('review.rejected')),
  });
  return { filter, setFilter, query, approveM, rejectM, rejecting, setRejecting, confirming, setConfirming };
}

type Queue<T extends QueueRow> = ReturnType<typeof useReviewQueue<T>>;

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

/** Approve (after confirming) unless the server would refuse it, then why; reject is always offered. */
function DecideButtons<T extends QueueRow>({
  row,
  queue,
  requesterId,
  selfText,
}: {
  row: T;
  queue: Queue<T>;
  /** The operator whose earlier step this approval would complete (a recharge's first approver). */
  requesterId?: string | null;
  selfText?: string;
}) {
  const { t } = useTranslation('admin');
  const rights = useApprovalRights();
  const { approveM } = queue;
  const block = rights.blockFor(requesterId);
  return (
    <>
      {block ? (
        <ApprovalBlockNote
          id={row.id}
          block={block}
          mayApproveFrom={rights.mayApproveFrom}
          selfText={selfText ?? t('approval.awaitOther')}
        />
      ) : (
        <Button
          type="primary"
          size="small"
          data-testid={`approve-${row.id}`}
          loading={approveM.isPending && approveM.variables === row.id}
          onClick={() => queue.setConfirming(row)}
        >
          {t('actions.approve')}
        </Button>
      )}
      <Button danger size="small" data-testid={`reject-${row.id}`} onClick={() => queue.setRejecting(row.id)}>
        {t('actions.reject')}
      </Button>
    </>
  );
}

// Order number and user first, then `middle` (amounts and the like), time, and `last` (status, actions).
function ReviewQueueView<T extends QueueRow>({
  queue,
  title,
  rejectTitle,
  rowTestId,
  middle,
  last,
  confirm,
}: {
  queue: Queue<T>;
  title: string;
  rejectTitle: string;
  rowTestId: string;
  middle: TableColumnsType<T>;
  last: TableColumnsType<T>;
  /** The approval dialog's title, facts (after the user) and note for a row. */
  confirm: (row: T) => { title: string; facts: ConfirmFact[]; note: string };
}) {
  const { t } = useTranslation('admin');
  const fmt = useFormatTime();
  const { query, rejectM, rejecting, setRejecting, confirming, setConfirming, approveM } = queue;
  const dialog = confirming ? confirm(confirming) : null;
  return (
    <section>
      <Header title={title} filter={queue.filter} setFilter={queue.setFilter} />
      <Table<T>
        rowKey="id"
        loading={query.isLoading}
        dataSource={query.data?.records ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        onRow={(r) => rowProps(`${rowTestId}-${r.id}`)}
        locale={{ emptyText: t('review.empty') }}
        columns={[
          {
            title: t('cols.orderNo'),
            dataIndex: 'orderNo',
            render: (v: string) => <span className="admin-mono admin-nowrap">{v}</span>,
          },
          { title: t('cols.user'), render: (_, r) => `${r.account} (#${r.userId})` },
          ...middle,
          {
            title: t('cols.time'),
            render: (_, r) => <span className="admin-nowrap">{fmt(r.createTime)}</span>,
          },
          ...last,
        ]}
      />
      <ConfirmDialog
        open={confirming !== null}
        title={dialog?.title ?? ''}
        facts={
          confirming
            ? [
                {
                  key: 'user',
                  label: t('cols.user'),
                  value: `${confirming.account} (#${confirming.userId})`,
                },
                ...(dialog?.facts ?? []),
              ]
            : []
        }
        note={dialog?.note}
        busy={approveM.isPending}
        okTestId={`approve-confirm-${confirming?.id ?? ''}`}
        cancelTestId={`approve-cancel-${confirming?.id ?? ''}`}
        onConfirm={() => {
          if (confirming) approveM.mutate(confirming.id);
        }}
        onCancel={() => setConfirming(null)}
      />
      <RejectDialog
        open={rejecting !== null}
        title={rejectTitle}
        busy={rejectM.isPending}
        onCancel={() => setRejecting(null)}
        onConfirm={(reason) => {
          if (rejecting) rejectM.mutate({ id: rejecting, reason }, { onSuccess: () => setRejecting(null) });
        }}
      />
    </section>
  );
}

export function RechargesPage() {
  const { t } = useTranslation('admin');
  const fmt = useFormatTime();
  const queue = useReviewQueue('recharges', listRecharges, approveRecharge, rejectRecharge);
  return (
    <ReviewQueueView<Recharge>
      queue={queue}
      title={t('nav.recharges')}
      rejectTitle={t('review.rejectRecharge')}
      rowTestId="recharge-row"
      confirm={(r) => {
        const second = r.awaitingSecondApproval;
        return {
          title: t(
            !r.dualApproval
              ? 'approval.approveRecharge'
              : second
                ? 'approval.approveRechargeSecond'
                : 'approval.approveRechargeFirst',
          ),
          facts: [
            { key: 'coin', label: t('cols.coin'), value: [r.coin, r.network].filter(Boolean).join(' · ') },
            {
              key: 'amount',
              label: t('cols.amount'),
              value: (
                <strong className="admin-num" data-testid="confirm-amount">
                  {r.amount} {r.coin}
                </strong>
              ),
            },
            ...(second
              ? [
                  {
                    key: 'first',
                    label: t('approval.firstApproval'),
                    value: (
                      <span data-testid="confirm-first-approval">
                        {t('approval.firstApprovalBy', {
                          name: r.firstReviewerName ?? r.firstReviewer ?? '?',
                          time: fmt(r.firstReviewTime),
                        })}
                      </span>
                    ),
                  },
                ]
              : []),
          ],
          note: !r.dualApproval
            ? t('approval.moneyMoves')
            : second
              ? t('approval.secondOfTwo')
              : t('approval.firstOfTwo'),
        };
      }}
      middle={[
        {
          title: t('cols.amount'),
          align: 'right',
          render: (_, r) => (
            <span className="admin-num">
              {r.amount} {r.coin}
            </span>
          ),
        },
      ]}
      last={[
        {
          title: t('cols.status'),
          render: (_, r) => {
            const s = RECHARGE_STATUS[r.status];
            return (
              <Space direction="vertical" size={0}>
                <Space size={4}>
                  <Tag color={STATUS_COLOR[s]}>{t(`status.${s}`)}</Tag>
                  {r.awaitingSecondApproval ? (
                    <Tag color="processing" data-testid={`awaiting-second-${r.id}`}>
                      {t('approval.awaitingSecond')}
                    </Tag>
                  ) : r.dualApproval ? (
                    <Tag>{t('approval.dualTag')}</Tag>
                  ) : null}
                </Space>
                <small className="admin-muted">{t(`review.source.${r.source}`)}</small>
                {r.reason ? <small className="admin-muted">{r.reason}</small> : null}
                {r.firstReviewer ? (
                  <small className="admin-muted">
                    {t('approval.firstBy', { name: r.firstReviewerName ?? r.firstReviewer })}
                  </small>
                ) : null}
                {r.reviewer ? <small className="admin-muted">{r.reviewerName ?? r.reviewer}</small> : null}
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
                <DecideButtons
                  row={r}
                  queue={queue}
                  requesterId={r.awaitingSecondApproval ? r.firstReviewer : undefined}
                />
              ) : null}
            </Space>
          ),
        },
      ]}
    />
  );
}

export function WithdrawalsPage() {
  const { t } = useTranslation('admin');
  const queue = useReviewQueue('withdrawals', listWithdrawals, approveWithdrawal, rejectWithdrawal);
  return (
    <ReviewQueueView<Withdrawal>
      queue={queue}
      title={t('nav.withdrawals')}
      rejectTitle={t('review.rejectWithdrawal')}
      rowTestId="withdrawal-row"
      confirm={(r) => ({
        title: t('approval.approveWithdrawal'),
        facts: [
          { key: 'coin', label: t('cols.coin'), value: [r.coin, r.network].filter(Boolean).join(' · ') },
          {
            key: 'amount',
            label: t('cols.amount'),
            value: (
              <strong className="admin-num" data-testid="confirm-amount">
                {r.amount} {r.coin}
              </strong>
            ),
          },
          { key: 'fee', label: t('cols.fee'), value: `${r.fee} ${r.coin}` },
          {
            key: 'address',
            label: t('cols.address'),
            value: <span className="admin-mono">{r.address}</span>,
          },
        ],
        note: t('approval.moneyMoves'),
      })}
      middle={[
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
      ]}
      last={[
        {
          title: t('cols.status'),
          render: (_, r) => {
            const s = WITHDRAWAL_STATUS[r.status];
            return (
              <Space direction="vertical" size={0}>
                <Tag color={STATUS_COLOR[s]}>{t(`status.${s}`)}</Tag>
                {r.reason ? (
                  <small className="admin-muted">
                    {r.reason === PAYOUT_REVERTED ? t('review.payoutReverted') : r.reason}
                  </small>
                ) : null}
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
                <DecideButtons row={r} queue={queue} />
              </Space>
            ) : r.status === 4 && r.reason === PAYOUT_REVERTED ? (
              <ReleaseRevertedButton row={r} />
            ) : null,
        },
      ]}
    />
  );
}
