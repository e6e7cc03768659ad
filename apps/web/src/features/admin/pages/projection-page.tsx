// The bill projection (docs/admin-console.md, "Projection failures"): its status, and the commands whose
// bill rows could not be written. Each failure can be retried once its cause is fixed (the missing rows
// are written exactly once) or dismissed with a reason; both are audited.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Input,
  Modal,
  Popconfirm,
  Segmented,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { HTMLAttributes } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatTime } from '@/lib/format-time';
import {
  dismissProjectionFailure,
  listProjectionFailures,
  type ProjectionFailure,
  projectionKeys,
  projectionStatus,
  retryProjectionFailure,
} from '../api/projection-api';
import { rejectReasonValid } from '../lib/console-rules';
import { serverPages } from '../lib/table-pages';

type Filter = 'open' | 'all';
const STATUS_COLOR: Record<string, string> = { open: 'red', retried: 'green', dismissed: 'default' };

function StatusPanel() {
  const { t } = useTranslation('admin');
  const fmt = useFormatTime();
  const query = useQuery({
    queryKey: projectionKeys.status,
    queryFn: projectionStatus,
    refetchInterval: 10_000,
  });
  const s = query.data;
  if (!s) return null;
  const minutes = s.oldestUnprojectedAgeMs === null ? null : Math.floor(s.oldestUnprojectedAgeMs / 60_000);
  return (
    <>
      <Descriptions size="small" bordered column={{ xs: 1, sm: 2, lg: 3 }} className="admin-gap">
        <Descriptions.Item label={t('projection.cursor')}>
          <span className="admin-num" data-testid="projection-cursor">
            {s.cursor} / {s.lastSeq}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('projection.lag')}>
          <span className="admin-num" data-testid="projection-lag">
            {s.lag}
            {minutes !== null && minutes > 0 ? ` · ${t('projection.oldest', { minutes })}` : ''}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('projection.state')}>
          {s.stalledSince ? (
            <Tag color="red">{t('projection.stalledSince', { time: fmt(s.stalledSince) })}</Tag>
          ) : s.catchingUp ? (
            <Tag color="processing">{t('projection.catchingUp')}</Tag>
          ) : (
            <Tag color="green">{t('projection.running')}</Tag>
          )}
        </Descriptions.Item>
      </Descriptions>
      {s.lastError && (s.stalledSince || s.openFailures > 0) ? (
        <Alert
          className="admin-gap"
          type="error"
          showIcon
          message={t('projection.lastError')}
          description={<code className="admin-payload">{s.lastError}</code>}
        />
      ) : null}
      {s.catchUpError ? (
        <Alert
          className="admin-gap"
          type="error"
          showIcon
          message={t('projection.banner.catchUp')}
          description={<code className="admin-payload">{s.catchUpError}</code>}
        />
      ) : null}
    </>
  );
}

export function ProjectionPage() {
  const { t } = useTranslation('admin');
  const fmt = useFormatTime();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [filter, setFilter] = useState<Filter>('open');
  const [current, setCurrent] = useState(1);
  const [dismissing, setDismissing] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const query = useQuery({
    queryKey: projectionKeys.failures(filter, current),
    queryFn: () => listProjectionFailures(filter, current),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: projectionKeys.all });
  const retry = useMutation({
    mutationFn: retryProjectionFailure,
    onSuccess: () => message.success(t('projection.retried')),
    onSettled: refresh,
  });
  const dismiss = useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) => dismissProjectionFailure(id, text),
    onSuccess: () => {
      message.success(t('projection.dismissed'));
      setDismissing(null);
    },
    onSettled: refresh,
  });

  return (
    <section>
      <div className="admin-page-head">
        <Typography.Title level={3}>{t('nav.projection')}</Typography.Title>
        <Segmented<Filter>
          value={filter}
          onChange={(v) => {
            setFilter(v);
            setCurrent(1);
          }}
          options={[
            { value: 'open', label: t('projection.filterOpen') },
            { value: 'all', label: t('review.filterAll') },
          ]}
        />
      </div>
      <p className="admin-muted">{t('projection.explain')}</p>
      <StatusPanel />
      <Table<ProjectionFailure>
        rowKey="id"
        size="small"
        loading={query.isLoading}
        dataSource={query.data?.records ?? []}
        pagination={serverPages(current, query.data?.total, setCurrent)}
        // Fixed widths: a long database error wraps in its column instead of widening the table.
        scroll={{ x: 1100 }}
        onRow={(r) => ({ 'data-testid': `projection-failure-${r.id}` }) as HTMLAttributes<HTMLElement>}
        locale={{ emptyText: t('projection.empty') }}
        columns={[
          { title: t('projection.seq'), dataIndex: 'seq', width: 70 },
          {
            title: t('projection.command'),
            width: 180,
            render: (_, r) => (
              <span className="admin-stack">
                <code>{r.commandType}</code>
                <small className="admin-mono admin-muted">{r.commandId}</small>
              </span>
            ),
          },
          { title: t('cols.userId'), width: 110, render: (_, r) => r.userIds.join(', ') },
          { title: t('projection.rows'), dataIndex: 'rows', align: 'right', width: 60 },
          {
            title: t('projection.error'),
            render: (_, r) => (
              <Typography.Paragraph
                className="admin-payload admin-mono admin-flush"
                ellipsis={{ rows: 3, expandable: true }}
              >
                {r.error}
              </Typography.Paragraph>
            ),
          },
          { title: t('cols.time'), width: 160, render: (_, r) => fmt(r.createTime) },
          {
            title: t('cols.status'),
            width: 120,
            render: (_, r) => (
              <span className="admin-stack">
                <Tag color={STATUS_COLOR[r.status]} data-testid={`projection-status-${r.id}`}>
                  {t(`projection.status.${r.status}`)}
                </Tag>
                <small className="admin-muted">{t('projection.attemptsCount', { count: r.attempts })}</small>
                {r.resolvedByName ? <small className="admin-muted">{r.resolvedByName}</small> : null}
                {r.note ? <small className="admin-muted">{r.note}</small> : null}
              </span>
            ),
          },
          {
            title: t('cols.actions'),
            width: 170,
            render: (_, r) =>
              r.status === 'open' ? (
                <Space>
                  <Popconfirm
                    title={t('projection.confirmRetry', { rows: r.rows, seq: r.seq })}
                    okText={t('projection.retry')}
                    cancelText={t('actions.cancel')}
                    okButtonProps={{ ...{ 'data-testid': `projection-retry-confirm-${r.id}` } }}
                    onConfirm={() => retry.mutateAsync(r.id).catch(() => undefined)}
                  >
                    <Button type="primary" size="small" data-testid={`projection-retry-${r.id}`}>
                      {t('projection.retry')}
                    </Button>
                  </Popconfirm>
                  <Button
                    size="small"
                    data-testid={`projection-dismiss-${r.id}`}
                    onClick={() => setDismissing(r.id)}
                  >
                    {t('projection.dismiss')}
                  </Button>
                </Space>
              ) : null,
          },
        ]}
      />
      <Modal
        open={dismissing !== null}
        title={t('projection.dismissTitle')}
        okText={t('projection.dismiss')}
        cancelText={t('actions.cancel')}
        okButtonProps={{
          danger: true,
          disabled: !rejectReasonValid(reason),
          loading: dismiss.isPending,
          ...{ 'data-testid': 'projection-dismiss-confirm' },
        }}
        onOk={() => {
          if (dismissing) dismiss.mutate({ id: dismissing, text: reason.trim() });
        }}
        onCancel={() => setDismissing(null)}
        afterClose={() => setReason('')}
        destroyOnHidden
      >
        <p className="admin-muted">{t('projection.dismissHint')}</p>
        <Input.TextArea
          data-testid="projection-dismiss-reason"
          value={reason}
          maxLength={200}
          showCount
          rows={3}
          placeholder={t('projection.dismissPlaceholder')}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </section>
  );
}
