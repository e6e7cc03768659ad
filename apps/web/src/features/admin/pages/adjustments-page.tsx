// Balance adjustments under the four-eyes rule: any admin may request one (signed amount, reason); a
// DIFFERENT admin, who passes the approval rule (docs/admin-console.md "Who may approve"), approves after
// confirming user, asset and amount, or rejects it. Only the approval moves money (through the core).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Form,
  Input,
  Segmented,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { HTMLAttributes } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { useFormatTime } from '@/lib/format-time';
import {
  type AdjustmentInput,
  approveAdjustment,
  consoleKeys,
  createAdjustment,
  listAdjustments,
  rejectAdjustment,
} from '../api/console-api';
import type { Adjustment } from '../api/console-types';
import { ApprovalBlockNote } from '../components/approval-block-note';
import { ConfirmDialog } from '../components/confirm-dialog';
import { RejectDialog } from '../components/reject-dialog';
import { adjustmentAmountProblem, isDebit } from '../lib/console-rules';
import { useApprovalRights } from '../lib/use-approval-rights';

const ACCOUNT_TYPES = ['spot', 'contract', 'finance', 'merchant'] as const;
const STATUS_COLOR: Record<string, string> = {
  pending: 'gold',
  approving: 'processing',
  approved: 'green',
  rejected: 'default',
  failed: 'red',
};
type Filter = 'pending' | 'all';

function CreateForm() {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<AdjustmentInput>();
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (input: AdjustmentInput) => createAdjustment(input, { silent: true }),
    onSuccess: () => {
      message.success(t('adjustments.created'));
      form.resetFields(['amount', 'reason']);
      setError(null);
      void qc.invalidateQueries({ queryKey: ['admin', 'adjustments'] });
    },
    onError: (e) => {
      if (isApiError(e) && e.errors.length > 0) {
        form.setFields(
          e.errors.map((fe) => ({ name: fe.field as keyof AdjustmentInput, errors: [fe.message] })),
        );
        setError(null);
      } else setError(isApiError(e) ? e.msg : t('login.failed'));
    },
  });
  return (
    <Card title={t('adjustments.new')} className="admin-gap">
      <p className="admin-muted">{t('adjustments.rule')}</p>
      {error ? (
        <Alert type="error" showIcon message={error} className="admin-gap" data-testid="adjustment-error" />
      ) : null}
      <Form<AdjustmentInput>
        form={form}
        layout="inline"
        className="admin-inline-form"
        initialValues={{ asset: 'USDT', accountType: 'spot' }}
        onFinish={(v) =>
          create.mutate({
            ...v,
            userId: v.userId.trim(),
            asset: v.asset.trim().toUpperCase(),
            amount: v.amount.trim(),
          })
        }
      >
        <Form.Item
          name="userId"
          label={t('cols.userId')}
          rules={[{ required: true, pattern: /^\s*\d+\s*$/, message: t('form.userId') }]}
        >
          <Input data-testid="adjustment-user" className="admin-w-sm" />
        </Form.Item>
        <Form.Item
          name="asset"
          label={t('cols.coin')}
          rules={[{ required: true, message: t('form.required') }]}
        >
          <Input data-testid="adjustment-asset" className="admin-w-xs" maxLength={16} />
        </Form.Item>
        <Form.Item name="accountType" label={t('cols.accountType')}>
          <Select
            data-testid="adjustment-account-type"
            className="admin-w-sm"
            options={ACCOUNT_TYPES.map((a) => ({ value: a, label: t(`accountTypes.${a}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('cols.amount')}
          extra={t('adjustments.amountHint')}
          rules={[
            {
              validator: (_r, v: string | undefined) => {
                const p = adjustmentAmountProblem(v ?? '');
                return p ? Promise.reject(new Error(t(`form.amount.${p}`))) : Promise.resolve();
              },
            },
          ]}
        >
          <Input data-testid="adjustment-amount" className="admin-w-sm" inputMode="decimal" />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('cols.reason')}
          rules={[{ required: true, whitespace: true, message: t('form.required') }]}
        >
          <Input data-testid="adjustment-reason" className="admin-w-md" maxLength={200} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="adjustment-submit">
            {t('adjustments.submit')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}

export function AdjustmentsPage() {
  const { t } = useTranslation('admin');
  const fmt = useFormatTime();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const rights = useApprovalRights();
  const [filter, setFilter] = useState<Filter>('pending');
  const [rejecting, setRejecting] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Adjustment | null>(null);
  const query = useQuery({
    queryKey: consoleKeys.adjustments(filter),
    queryFn: () => listAdjustments(filter),
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: ['admin', 'adjustments'] });
  const approve = useMutation({
    mutationFn: approveAdjustment,
    onSuccess: () => message.success(t('adjustments.approved')),
    onSettled: () => {
      setConfirming(null);
      refresh();
    },
  });
  const signed = (amount: string) => (isDebit(amount) ? amount : `+${amount}`);
  const reject = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => rejectAdjustment(id, reason),
    onSuccess: () => {
      message.success(t('adjustments.rejected'));
      setRejecting(null);
    },
    onSettled: refresh,
  });

  return (
    <section>
      <div className="admin-page-head">
        <Typography.Title level={3}>{t('nav.adjustments')}</Typography.Title>
        <Segmented<Filter>
          value={filter}
          onChange={setFilter}
          options={[
            { value: 'pending', label: t('review.filterPending') },
            { value: 'all', label: t('review.filterAll') },
          ]}
        />
      </div>
      <CreateForm />
      <Table<Adjustment>
        rowKey="id"
        loading={query.isLoading}
        dataSource={query.data?.records ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        onRow={(r) => ({ 'data-testid': `adjustment-row-${r.id}` }) as HTMLAttributes<HTMLElement>}
        locale={{ emptyText: t('review.empty') }}
        columns={[
          { title: t('cols.id'), dataIndex: 'id', width: 70 },
          { title: t('cols.user'), render: (_, r) => `${r.account ?? '?'} (#${r.userId})` },
          { title: t('cols.coin'), render: (_, r) => `${r.asset} · ${t(`accountTypes.${r.accountType}`)}` },
          {
            title: t('cols.amount'),
            align: 'right',
            render: (_, r) => (
              <span className={`admin-num ${isDebit(r.amount) ? 'admin-debit' : 'admin-credit'}`}>
                {isDebit(r.amount) ? r.amount : `+${r.amount}`}
              </span>
            ),
          },
          { title: t('cols.reason'), dataIndex: 'reason' },
          {
            title: t('adjustments.requestedBy'),
            render: (_, r) => (
              <span className="admin-stack">
                <span>{r.requestedByName}</span>
                <small className="admin-muted">{fmt(r.createTime)}</small>
              </span>
            ),
          },
          {
            title: t('cols.status'),
            render: (_, r) => (
              <span className="admin-stack">
                <Tag color={STATUS_COLOR[r.status]} data-testid={`adjustment-status-${r.id}`}>
                  {t(`adjustments.status.${r.status}`)}
                </Tag>
                {r.decidedByName ? <small className="admin-muted">{r.decidedByName}</small> : null}
                {r.decisionReason ? <small className="admin-muted">{r.decisionReason}</small> : null}
                {r.failure ? <small className="admin-debit">{r.failure}</small> : null}
              </span>
            ),
          },
          {
            title: t('cols.actions'),
            render: (_, r) => {
              if (r.status !== 'pending') return null;
              const block = rights.blockFor(r.requestedBy);
              // The requester may not reject their own request either; anyone else may.
              if (block === 'self') {
                return <small className="admin-muted">{t('adjustments.awaitOther')}</small>;
              }
              return (
                <Space>
                  {block ? (
                    <ApprovalBlockNote
                      id={r.id}
                      block={block}
                      mayApproveFrom={rights.mayApproveFrom}
                      selfText={t('adjustments.awaitOther')}
                    />
                  ) : (
                    <Button
                      type="primary"
                      size="small"
                      data-testid={`approve-${r.id}`}
                      onClick={() => setConfirming(r)}
                    >
                      {t('actions.approve')}
                    </Button>
                  )}
                  <Button
                    danger
                    size="small"
                    data-testid={`reject-${r.id}`}
                    onClick={() => setRejecting(r.id)}
                  >
                    {t('actions.reject')}
                  </Button>
                </Space>
              );
            },
          },
        ]}
      />
      <ConfirmDialog
        open={confirming !== null}
        title={
          confirming
            ? t('adjustments.confirmApprove', { amount: signed(confirming.amount), asset: confirming.asset })
            : ''
        }
        facts={
          confirming
            ? [
                {
                  key: 'user',
                  label: t('cols.user'),
                  value: `${confirming.account ?? '?'} (#${confirming.userId})`,
                },
                {
                  key: 'coin',
                  label: t('cols.coin'),
                  value: `${confirming.asset} · ${t(`accountTypes.${confirming.accountType}`)}`,
                },
                {
                  key: 'amount',
                  label: t('cols.amount'),
                  value: (
                    <strong
                      data-testid="confirm-amount"
                      className={`admin-num ${isDebit(confirming.amount) ? 'admin-debit' : 'admin-credit'}`}
                    >
                      {signed(confirming.amount)} {confirming.asset}
                    </strong>
                  ),
                },
                { key: 'reason', label: t('cols.reason'), value: confirming.reason },
                {
                  key: 'requestedBy',
                  label: t('adjustments.requestedBy'),
                  value: confirming.requestedByName ?? confirming.requestedBy,
                },
              ]
            : []
        }
        note={t('approval.moneyMoves')}
        busy={approve.isPending}
        okTestId={`approve-confirm-${confirming?.id ?? ''}`}
        cancelTestId={`approve-cancel-${confirming?.id ?? ''}`}
        onConfirm={() => {
          if (confirming) approve.mutate(confirming.id);
        }}
        onCancel={() => setConfirming(null)}
      />
      <RejectDialog
        open={rejecting !== null}
        title={t('adjustments.rejectTitle')}
        busy={reject.isPending}
        onCancel={() => setRejecting(null)}
        onConfirm={(reason) => {
          if (rejecting) reject.mutate({ id: rejecting, reason });
        }}
      />
    </section>
  );
}
