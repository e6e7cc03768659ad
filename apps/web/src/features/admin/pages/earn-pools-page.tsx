// The earn pools in the console (issue 16): each pool's balance, what it owes active orders (reserved)
// and what is free, the gas account; pool fundings and draw-downs requested by one admin and approved by
// a different one (four eyes, through the money core); and the tier the member zone needs.
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
  approveFunding,
  earnConsoleKeys,
  earnOverview,
  earnSettings,
  listFundings,
  type PoolBalance,
  type PoolFunding,
  rejectFunding,
  requestFunding,
  saveEarnSettings,
} from '../api/earn-console-api';
import { ApprovalBlockNote } from '../components/approval-block-note';
import { ConfirmDialog } from '../components/confirm-dialog';
import { RejectDialog } from '../components/reject-dialog';
import { adjustmentAmountProblem } from '../lib/console-rules';
import { useApprovalRights } from '../lib/use-approval-rights';

const POOLS = ['pledge', 'finance', 'lending', 'defi'] as const;
const STATUS_COLOR: Record<string, string> = {
  pending: 'gold',
  approving: 'processing',
  approved: 'green',
  rejected: 'default',
  failed: 'red',
};

interface FundingInput {
  pool: string;
  asset: string;
  amount: string;
  reason: string;
}

function Balances() {
  const { t } = useTranslation('adminEarn');
  const overview = useQuery({
    queryKey: earnConsoleKeys.overview,
    queryFn: earnOverview,
    refetchInterval: 15_000,
  });
  return (
    <Card title={t('pools.title')} className="admin-gap">
      <p className="admin-muted">{t('pools.explained')}</p>
      <Table<PoolBalance>
        rowKey={(p) => `${p.pool}:${p.asset}`}
        size="small"
        pagination={false}
        loading={overview.isLoading}
        dataSource={overview.data?.pools ?? []}
        locale={{ emptyText: t('pools.none') }}
        onRow={(p) => ({ 'data-testid': `pool-row-${p.pool}-${p.asset}` }) as HTMLAttributes<HTMLElement>}
        columns={[
          { title: t('pools.pool'), render: (_, p) => t(`pools.names.${p.pool}`) },
          { title: t('pools.coin'), dataIndex: 'asset' },
          {
            title: t('pools.balance'),
            align: 'right',
            render: (_, p) => (
              <span className="admin-num" data-testid={`pool-balance-${p.pool}-${p.asset}`}>
                {p.balance}
              </span>
            ),
          },
          {
            title: t('pools.reserved'),
            align: 'right',
            render: (_, p) => <span className="admin-num">{p.reserved}</span>,
          },
          {
            title: t('pools.free'),
            align: 'right',
            render: (_, p) => (
              <span className="admin-num" data-testid={`pool-free-${p.pool}-${p.asset}`}>
                {p.free}
              </span>
            ),
          },
        ]}
      />
      <Typography.Title level={5} className="admin-gap">
        {t('pools.gas')}
      </Typography.Title>
      {(overview.data?.gas ?? []).length === 0 ? <p className="admin-muted">{t('pools.gasNone')}</p> : null}
      {(overview.data?.gas ?? []).map((g) => (
        <div key={g.coin} data-testid={`gas-${g.coin}`}>
          {g.coin}: <span className="admin-num">{g.balance}</span>
        </div>
      ))}
    </Card>
  );
}

function FundingForm() {
  const { t } = useTranslation('adminEarn');
  const { t: ta } = useTranslation('admin');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<FundingInput>();
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (v: FundingInput) => requestFunding(v, { silent: true }),
    onSuccess: () => {
      message.success(t('funding.requested'));
      form.resetFields(['amount', 'reason']);
      setError(null);
      void qc.invalidateQueries({ queryKey: earnConsoleKeys.all });
    },
    onError: (e) => setError(isApiError(e) ? e.msg : ta('login.failed')),
  });
  return (
    <Card title={t('funding.new')} className="admin-gap">
      <p className="admin-muted">{t('funding.rule')}</p>
      {error ? (
        <Alert type="error" showIcon message={error} className="admin-gap" data-testid="funding-error" />
      ) : null}
      <Form<FundingInput>
        form={form}
        layout="inline"
        className="admin-inline-form"
        initialValues={{ pool: 'pledge', asset: 'USDT' }}
        onFinish={(v) =>
          create.mutate({ ...v, asset: v.asset.trim().toUpperCase(), amount: v.amount.trim() })
        }
      >
        <Form.Item name="pool" label={t('pools.pool')}>
          <Select
            className="admin-w-sm"
            data-testid="funding-pool"
            options={POOLS.map((p) => ({ value: p, label: t(`pools.names.${p}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="asset"
          label={t('pools.coin')}
          rules={[{ required: true, message: ta('form.required') }]}
        >
          <Input className="admin-w-xs" maxLength={16} data-testid="funding-asset" />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('funding.amount')}
          extra={t('funding.amountHint')}
          rules={[
            {
              validator: (_r, v: string | undefined) => {
                const p = adjustmentAmountProblem(v ?? '');
                return p ? Promise.reject(new Error(ta(`form.amount.${p}`))) : Promise.resolve();
              },
            },
          ]}
        >
          <Input className="admin-w-sm" inputMode="decimal" data-testid="funding-amount" />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('funding.reason')}
          rules={[{ required: true, whitespace: true, message: ta('form.required') }]}
        >
          <Input className="admin-w-md" maxLength={200} data-testid="funding-reason" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="funding-submit">
            {t('funding.submit')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}

function Fundings() {
  const { t } = useTranslation('adminEarn');
  const { t: ta } = useTranslation('admin');
  const fmt = useFormatTime();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const rights = useApprovalRights();
  const [filter, setFilter] = useState<'pending' | 'all'>('pending');
  const [confirming, setConfirming] = useState<PoolFunding | null>(null);
  const [rejecting, setRejecting] = useState<string | null>(null);
  const list = useQuery({ queryKey: earnConsoleKeys.fundings(filter), queryFn: () => listFundings(filter) });
  const refresh = () => void qc.invalidateQueries({ queryKey: earnConsoleKeys.all });
  const approve = useMutation({
    mutationFn: approveFunding,
    onSuccess: () => message.success(t('funding.approved')),
    onSettled: () => {
      setConfirming(null);
      refresh();
    },
  });
  const reject = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => rejectFunding(id, reason),
    onSuccess: () => setRejecting(null),
    onSettled: refresh,
  });
  return (
    <Card
      title={t('funding.list')}
      className="admin-gap"
      extra={
        <Segmented<'pending' | 'all'>
          value={filter}
          onChange={setFilter}
          options={[
            { value: 'pending', label: ta('review.filterPending') },
            { value: 'all', label: ta('review.filterAll') },
          ]}
        />
      }
    >
      <Table<PoolFunding>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: ta('review.empty') }}
        onRow={(r) => ({ 'data-testid': `funding-row-${r.id}` }) as HTMLAttributes<HTMLElement>}
        columns={[
          { title: ta('cols.id'), dataIndex: 'id', width: 60 },
          { title: t('pools.pool'), render: (_, r) => `${t(`pools.names.${r.pool}`)} · ${r.coin}` },
          {
            title: t('funding.amount'),
            align: 'right',
            render: (_, r) => <span className="admin-num">{r.amount}</span>,
          },
          { title: t('funding.reason'), dataIndex: 'reason' },
          {
            title: t('funding.requestedBy'),
            render: (_, r) => (
              <span className="admin-stack">
                <span>{r.requestedByName}</span>
                <small className="admin-muted">{fmt(r.createTime)}</small>
              </span>
            ),
          },
          {
            title: ta('cols.status'),
            render: (_, r) => (
              <span className="admin-stack">
                <Tag color={STATUS_COLOR[r.status]} data-testid={`funding-status-${r.id}`}>
                  {t(`funding.status.${r.status}`)}
                </Tag>
                {r.failure ? <small className="admin-debit">{r.failure}</small> : null}
                {r.decisionReason ? <small className="admin-muted">{r.decisionReason}</small> : null}
              </span>
            ),
          },
          {
            title: ta('cols.actions'),
            render: (_, r) => {
              if (r.status !== 'pending') return null;
              const block = rights.blockFor(r.requestedBy);
              if (block === 'self') return <small className="admin-muted">{t('funding.awaitOther')}</small>;
              return (
                <Space>
                  {block ? (
                    <ApprovalBlockNote
                      id={r.id}
                      block={block}
                      mayApproveFrom={rights.mayApproveFrom}
                      selfText={t('funding.awaitOther')}
                    />
                  ) : (
                    <Button
                      type="primary"
                      size="small"
                      data-testid={`funding-approve-${r.id}`}
                      onClick={() => setConfirming(r)}
                    >
                      {ta('actions.approve')}
                    </Button>
                  )}
                  <Button
                    size="small"
                    danger
                    data-testid={`funding-reject-${r.id}`}
                    onClick={() => setRejecting(r.id)}
                  >
                    {ta('actions.reject')}
                  </Button>
                </Space>
              );
            },
          },
        ]}
      />
      <ConfirmDialog
        open={confirming !== null}
        title={t('funding.confirmTitle')}
        facts={
          confirming
            ? [
                {
                  key: 'pool',
                  label: t('pools.pool'),
                  value: `${t(`pools.names.${confirming.pool}`)} · ${confirming.coin}`,
                },
                {
                  key: 'amount',
                  label: t('funding.amount'),
                  value: <strong data-testid="funding-confirm-amount">{confirming.amount}</strong>,
                },
                { key: 'reason', label: t('funding.reason'), value: confirming.reason },
              ]
            : []
        }
        note={t('funding.confirmNote')}
        busy={approve.isPending}
        okTestId="funding-approve-confirm"
        cancelTestId="funding-approve-cancel"
        onConfirm={() => confirming && approve.mutate(confirming.id)}
        onCancel={() => setConfirming(null)}
      />
      <RejectDialog
        open={rejecting !== null}
        title={t('funding.rejectTitle')}
        busy={reject.isPending}
        onConfirm={(reason) => rejecting && reject.mutate({ id: rejecting, reason })}
        onCancel={() => setRejecting(null)}
      />
    </Card>
  );
}

function MemberTier() {
  const { t } = useTranslation('adminEarn');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const settings = useQuery({ queryKey: earnConsoleKeys.settings, queryFn: earnSettings });
  const [tier, setTier] = useState<string>();
  const save = useMutation({
    mutationFn: (value: string) => saveEarnSettings(value),
    onSuccess: () => {
      message.success(t('member.saved'));
      void qc.invalidateQueries({ queryKey: earnConsoleKeys.all });
    },
  });
  const value = tier ?? settings.data?.memberMinTier;
  return (
    <Card title={t('member.title')} className="admin-gap">
      <p className="admin-muted">{t('member.explained')}</p>
      <Space>
        <Select
          className="admin-w-sm"
          value={value}
          onChange={setTier}
          data-testid="member-tier"
          options={(settings.data?.tiers ?? []).map((x) => ({ value: x, label: t(`member.tiers.${x}`) }))}
        />
        <Button
          type="primary"
          disabled={!value || value === settings.data?.memberMinTier}
          loading={save.isPending}
          onClick={() => value && save.mutate(value)}
          data-testid="member-tier-save"
        >
          {t('member.save')}
        </Button>
      </Space>
    </Card>
  );
}

export function EarnPoolsPage() {
  const { t } = useTranslation('admin');
  return (
    <section>
      <div className="admin-page-head">
        <Typography.Title level={3}>{t('nav.earn-pools')}</Typography.Title>
      </div>
      <Balances />
      <FundingForm />
      <Fundings />
      <MemberTier />
    </section>
  );
}
