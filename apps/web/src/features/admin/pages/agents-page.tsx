// Agents (admin; docs/identity.md): who has agent status, granting it to a user by id (with a note) and
// ending it with a reason. Both are audit-logged by the server. An agent sees its team's volumes.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Modal, Segmented, Space, Table, Tag, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { useFormatTime } from '@/lib/format-time';
import {
  type AgentRow,
  grantAgent,
  identityAdminKeys,
  listAgents,
  revokeAgent,
} from '../api/identity-admin-api';
import { RejectDialog } from '../components/reject-dialog';
import { serverPages } from '../lib/table-pages';

function GrantDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation('adminIdentity');
  const [userId, setUserId] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const grant = useMutation({
    mutationFn: () => grantAgent(userId.trim(), note.trim()),
    onSuccess: () => {
      setUserId('');
      setNote('');
      setError(null);
      onDone();
    },
    onError: (e) => setError(isApiError(e) ? e.msg : t('failed')),
  });
  const valid = /^[1-9]\d{0,18}$/.test(userId.trim());
  return (
    <Modal
      open={open}
      title={t('agents.grantTitle')}
      okText={t('agents.grant')}
      okButtonProps={{
        disabled: !valid,
        loading: grant.isPending,
        ...{ 'data-testid': 'agent-grant-confirm' },
      }}
      onOk={() => grant.mutate()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('agents.userId')} required>
          <Input
            value={userId}
            onChange={(e) => setUserId(e.target.value)}
            inputMode="numeric"
            data-testid="agent-user-id"
          />
        </Form.Item>
        <Form.Item label={t('agents.note')}>
          <Input.TextArea
            value={note}
            maxLength={200}
            showCount
            rows={2}
            onChange={(e) => setNote(e.target.value)}
          />
        </Form.Item>
      </Form>
      <Typography.Paragraph type="secondary">{t('agents.grantNote')}</Typography.Paragraph>
      {error ? <Alert type="error" showIcon title={error} data-testid="agent-grant-error" /> : null}
    </Modal>
  );
}

export function AgentsPage() {
  const { t } = useTranslation('adminIdentity');
  const { t: ta } = useTranslation('admin');
  const fmt = useFormatTime();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [status, setStatus] = useState('active');
  const [current, setCurrent] = useState(1);
  const [granting, setGranting] = useState(false);
  const [revoking, setRevoking] = useState<string | null>(null);
  const query = useQuery({
    queryKey: identityAdminKeys.agents(status, current),
    queryFn: () => listAgents(status, current),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: ['admin', 'agents'] });
  const revoke = useMutation({
    mutationFn: ({ userId, reason }: { userId: string; reason: string }) => revokeAgent(userId, reason),
    onSuccess: () => {
      setRevoking(null);
      message.success(t('agents.revokedDone'));
      refresh();
    },
  });
  return (
    <section>
      <div className="admin-page-head">
        <Typography.Title level={3}>{ta('nav.agents')}</Typography.Title>
        <Space wrap>
          <Segmented
            value={status}
            onChange={(v) => {
              setStatus(String(v));
              setCurrent(1);
            }}
            options={[
              { value: 'active', label: t('agents.active') },
              { value: 'revoked', label: t('agents.revokedFilter') },
              { value: 'all', label: t('all') },
            ]}
          />
          <Button type="primary" onClick={() => setGranting(true)} data-testid="agent-grant-open">
            {t('agents.grant')}
          </Button>
        </Space>
      </div>
      <Table<AgentRow>
        rowKey="userId"
        loading={query.isLoading}
        dataSource={query.data?.records ?? []}
        scroll={{ x: 'max-content' }}
        onRow={(r) => ({ 'data-testid': `agent-row-${r.userId}` }) as HTMLAttributes<HTMLElement>}
        pagination={serverPages(current, query.data?.total, setCurrent)}
        locale={{ emptyText: t('empty') }}
        columns={[
          { title: t('cols.user'), render: (_, r) => `${r.account} (#${r.userId})` },
          { title: t('agents.email'), dataIndex: 'email', render: (v: string) => v || '—' },
          { title: t('agents.teamSize'), dataIndex: 'teamSize', align: 'right' },
          {
            title: t('cols.status'),
            dataIndex: 'status',
            render: (v: AgentRow['status']) => (
              <Tag color={v === 'active' ? 'green' : 'default'}>{t(`agents.${v}`)}</Tag>
            ),
          },
          { title: t('agents.note'), dataIndex: 'note', render: (v: string | null) => v ?? '—' },
          {
            title: t('agents.since'),
            dataIndex: 'grantTime',
            render: (v: string) => <span className="admin-nowrap">{fmt(v)}</span>,
          },
          {
            title: t('cols.action'),
            render: (_, r) =>
              r.status === 'active' ? (
                <Button
                  size="small"
                  danger
                  onClick={() => setRevoking(r.userId)}
                  data-testid={`agent-revoke-${r.userId}`}
                >
                  {t('agents.revoke')}
                </Button>
              ) : null,
          },
        ]}
      />
      <GrantDialog
        open={granting}
        onClose={() => setGranting(false)}
        onDone={() => {
          setGranting(false);
          message.success(t('agents.granted'));
          refresh();
        }}
      />
      <RejectDialog
        open={revoking !== null}
        title={t('agents.revokeTitle')}
        busy={revoke.isPending}
        onConfirm={(reason) => revoking && revoke.mutate({ userId: revoking, reason })}
        onCancel={() => setRevoking(null)}
      />
    </section>
  );
}
