// Operator accounts (admin only): the list with who requested and who approved each account, operator
// requests (a new operator or a role change takes effect only when another admin approves it) and the
// forms that make them. A new operator must replace the initial password at first sign-in. The rules
// are in docs/admin-console.md "Operator requests" and "Who may approve".
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Form,
  Input,
  Modal,
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
  approveOperatorRequest,
  consoleKeys,
  createOperator,
  listOperatorRequests,
  listOperators,
  rejectOperatorRequest,
  requestRoleChange,
} from '../api/console-api';
import type { OperatorRequest, OperatorRow } from '../api/console-types';
import { ApprovalBlockNote } from '../components/approval-block-note';
import { ConfirmDialog } from '../components/confirm-dialog';
import { RejectDialog } from '../components/reject-dialog';
import { useApprovalRights } from '../lib/use-approval-rights';

const ROLES = ['admin', 'reviewer', 'support'] as const;
const REQUEST_COLOR: Record<string, string> = { pending: 'gold', approved: 'green', rejected: 'default' };
type Filter = 'pending' | 'all';

interface Values {
  username: string;
  role: string;
  password: string;
}

const testId = (id: string) => ({ 'data-testid': id }) as HTMLAttributes<HTMLElement>;

function NewOperatorForm() {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const create = useMutation({
    mutationFn: (v: Values) => createOperator(v, { silent: true }),
    onSuccess: (request) => {
      message.success(request.status === 'approved' ? t('operators.soloCreated') : t('operators.requested'));
      form.resetFields();
      void qc.invalidateQueries({ queryKey: consoleKeys.operators });
    },
    onError: (e) => {
      if (isApiError(e)) {
        const fields = e.errors.length > 0 ? e.errors : [{ field: 'username', message: e.msg }];
        form.setFields(fields.map((fe) => ({ name: fe.field as keyof Values, errors: [fe.message] })));
      }
    },
  });
  return (
    <Card title={t('operators.new')} className="admin-gap">
      <p className="admin-muted">{t('operators.rule')}</p>
      <Form<Values>
        form={form}
        layout="inline"
        className="admin-inline-form"
        initialValues={{ role: 'reviewer' }}
        onFinish={(v) => create.mutate(v)}
      >
        <Form.Item
          name="username"
          label={t('login.username')}
          rules={[{ required: true, message: t('form.required') }]}
        >
          <Input data-testid="operator-username" className="admin-w-sm" maxLength={32} />
        </Form.Item>
        <Form.Item name="role" label={t('operators.role')}>
          <Select
            data-testid="operator-role"
            className="admin-w-sm"
            options={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('operators.initialPassword')}
          rules={[{ required: true, message: t('form.required') }]}
        >
          <Input.Password data-testid="operator-password" className="admin-w-sm" maxLength={20} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="operator-submit">
            {t('operators.submitRequest')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}

/** Asks for the new role of one operator and files the request. */
function RoleChangeDialog({ operator, onClose }: { operator: OperatorRow | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [role, setRole] = useState<string | undefined>(undefined);
  const change = useMutation({
    mutationFn: ({ id, to }: { id: string; to: string }) => requestRoleChange(id, to),
    onSuccess: () => {
      message.success(t('operators.requested'));
      void qc.invalidateQueries({ queryKey: consoleKeys.operators });
      onClose();
    },
  });
  return (
    <Modal
      open={operator !== null}
      title={t('operators.changeRoleTitle', { name: operator?.username ?? '' })}
      okText={t('operators.submitRequest')}
      cancelText={t('actions.cancel')}
      okButtonProps={{
        disabled: !role || role === operator?.role,
        loading: change.isPending,
        ...{ 'data-testid': 'role-change-submit' },
      }}
      onOk={() => {
        if (operator && role) change.mutate({ id: operator.id, to: role });
      }}
      onCancel={onClose}
      afterClose={() => setRole(undefined)}
      destroyOnHidden
    >
      <p className="admin-muted">{t('operators.rule')}</p>
      <Select
        data-testid="role-change-role"
        className="admin-w-md"
        placeholder={t('operators.newRole')}
        value={role}
        onChange={setRole}
        options={ROLES.filter((r) => r !== operator?.role).map((r) => ({ value: r, label: t(`roles.${r}`) }))}
      />
    </Modal>
  );
}

function OperatorList({ onChangeRole }: { onChangeRole: (o: OperatorRow) => void }) {
  const { t } = useTranslation('admin');
  const fmt = useFormatTime();
  const query = useQuery({ queryKey: consoleKeys.operators, queryFn: listOperators });
  const now = Date.now();
  return (
    <Table<OperatorRow>
      rowKey="id"
      className="admin-gap"
      loading={query.isLoading}
      dataSource={query.data ?? []}
      pagination={false}
      scroll={{ x: 'max-content' }}
      onRow={(o) => testId(`operator-row-${o.username}`)}
      columns={[
        { title: t('cols.id'), dataIndex: 'id', width: 70 },
        { title: t('login.username'), dataIndex: 'username' },
        { title: t('operators.role'), render: (_, o) => <Tag>{t(`roles.${o.role}`)}</Tag> },
        {
          title: t('cols.status'),
          render: (_, o) => (
            <span className="admin-stack">
              {o.disabled ? (
                <Tag color="red">{t('users.status.disabled')}</Tag>
              ) : o.mustChangePassword ? (
                <Tag color="gold">{t('operators.mustChange')}</Tag>
              ) : (
                <Tag color="green">{t('users.status.active')}</Tag>
              )}
              {o.mayApproveFrom && Date.parse(o.mayApproveFrom) > now ? (
                <small className="admin-muted">
                  {t('operators.mayApproveFrom', { time: fmt(o.mayApproveFrom) })}
                </small>
              ) : null}
            </span>
          ),
        },
        {
          title: t('operators.createdBy'),
          render: (_, o) => (
            <span data-testid={`operator-created-by-${o.username}`}>
              {o.createdBy === null ? t('operators.bootstrap') : (o.createdByName ?? `#${o.createdBy}`)}
            </span>
          ),
        },
        {
          title: t('operators.approvedBy'),
          render: (_, o) => (
            <span data-testid={`operator-approved-by-${o.username}`}>
              {o.approvedBy !== null
                ? (o.approvedByName ?? `#${o.approvedBy}`)
                : o.createdBy !== null
                  ? t('operators.solo')
                  : '—'}
            </span>
          ),
        },
        { title: t('cols.registered'), render: (_, o) => fmt(o.createdAt) },
        {
          title: t('cols.actions'),
          render: (_, o) => (
            <Button size="small" data-testid={`role-change-${o.username}`} onClick={() => onChangeRole(o)}>
              {t('operators.changeRole')}
            </Button>
          ),
        },
      ]}
    />
  );
}

function RequestList() {
  const { t } = useTranslation('admin');
  const fmt = useFormatTime();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const rights = useApprovalRights();
  const [filter, setFilter] = useState<Filter>('pending');
  const [confirming, setConfirming] = useState<OperatorRequest | null>(null);
  const [rejecting, setRejecting] = useState<string | null>(null);
  const query = useQuery({
    queryKey: consoleKeys.operatorRequests(filter),
    queryFn: () => listOperatorRequests(filter),
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: consoleKeys.operators });
  const approve = useMutation({
    mutationFn: approveOperatorRequest,
    onSuccess: () => message.success(t('operators.requestApproved')),
    onSettled: () => {
      setConfirming(null);
      refresh();
    },
  });
  const reject = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => rejectOperatorRequest(id, reason),
    onSuccess: () => {
      message.success(t('operators.requestRejected'));
      setRejecting(null);
    },
    onSettled: refresh,
  });
  const change = (r: OperatorRequest) =>
    r.kind === 'role'
      ? t('operators.roleChange', {
          from: t(`roles.${r.fromRole ?? 'support'}`),
          to: t(`roles.${r.role}`),
        })
      : t(`roles.${r.role}`);
  return (
    <section>
      <div className="admin-page-head">
        <Typography.Title level={4}>{t('operators.requests')}</Typography.Title>
        <Segmented<Filter>
          value={filter}
          onChange={setFilter}
          options={[
            { value: 'pending', label: t('review.filterPending') },
            { value: 'all', label: t('review.filterAll') },
          ]}
        />
      </div>
      <Table<OperatorRequest>
        rowKey="id"
        loading={query.isLoading}
        dataSource={query.data?.records ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        onRow={(r) => testId(`operator-request-row-${r.id}`)}
        locale={{ emptyText: t('review.empty') }}
        columns={[
          { title: t('cols.id'), dataIndex: 'id', width: 70 },
          { title: t('operators.kindCol'), render: (_, r) => t(`operators.kind.${r.kind}`) },
          { title: t('operators.target'), dataIndex: 'username' },
          { title: t('operators.role'), render: (_, r) => change(r) },
          {
            title: t('adjustments.requestedBy'),
            render: (_, r) => (
              <span className="admin-stack">
                <span>{r.requestedByName ?? `#${r.requestedBy}`}</span>
                <small className="admin-muted">{fmt(r.createTime)}</small>
              </span>
            ),
          },
          {
            title: t('cols.status'),
            render: (_, r) => (
              <span className="admin-stack">
                <Tag color={REQUEST_COLOR[r.status]} data-testid={`operator-request-status-${r.id}`}>
                  {t(`operators.requestStatus.${r.status}`)}
                </Tag>
                {r.decidedByName ? <small className="admin-muted">{r.decidedByName}</small> : null}
                {r.decisionReason ? <small className="admin-muted">{r.decisionReason}</small> : null}
              </span>
            ),
          },
          {
            title: t('cols.actions'),
            render: (_, r) => {
              if (r.status !== 'pending') return null;
              const block = r.operatorId === rights.meId ? 'self' : rights.blockFor(r.requestedBy);
              if (block === 'self') {
                return <small className="admin-muted">{t('adjustments.awaitOther')}</small>;
              }
              return (
                <Space>
                  {block ? (
                    <ApprovalBlockNote
                      id={`request-${r.id}`}
                      block={block}
                      mayApproveFrom={rights.mayApproveFrom}
                      selfText={t('adjustments.awaitOther')}
                    />
                  ) : (
                    <Button
                      type="primary"
                      size="small"
                      data-testid={`approve-request-${r.id}`}
                      onClick={() => setConfirming(r)}
                    >
                      {t('actions.approve')}
                    </Button>
                  )}
                  <Button
                    danger
                    size="small"
                    data-testid={`reject-request-${r.id}`}
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
        title={t('operators.confirmTitle')}
        facts={
          confirming
            ? [
                { key: 'kind', label: t('operators.kindCol'), value: t(`operators.kind.${confirming.kind}`) },
                { key: 'target', label: t('operators.target'), value: confirming.username },
                { key: 'role', label: t('operators.role'), value: change(confirming) },
                {
                  key: 'requestedBy',
                  label: t('adjustments.requestedBy'),
                  value: confirming.requestedByName ?? `#${confirming.requestedBy}`,
                },
              ]
            : []
        }
        note={t('operators.rule')}
        busy={approve.isPending}
        okTestId={`approve-request-confirm-${confirming?.id ?? ''}`}
        cancelTestId={`approve-request-cancel-${confirming?.id ?? ''}`}
        onConfirm={() => {
          if (confirming) approve.mutate(confirming.id);
        }}
        onCancel={() => setConfirming(null)}
      />
      <RejectDialog
        open={rejecting !== null}
        title={t('operators.rejectTitle')}
        busy={reject.isPending}
        onCancel={() => setRejecting(null)}
        onConfirm={(reason) => {
          if (rejecting) reject.mutate({ id: rejecting, reason });
        }}
      />
    </section>
  );
}

export function OperatorsPage() {
  const { t } = useTranslation('admin');
  const [changing, setChanging] = useState<OperatorRow | null>(null);
  return (
    <section>
      <div className="admin-page-head">
        <Typography.Title level={3}>{t('nav.operators')}</Typography.Title>
      </div>
      <NewOperatorForm />
      <OperatorList onChangeRole={setChanging} />
      <RequestList />
      <RoleChangeDialog operator={changing} onClose={() => setChanging(null)} />
    </section>
  );
}
