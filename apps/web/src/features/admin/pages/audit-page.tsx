// The audit log (newest first) and the hash-chain check: the server recomputes every entry's hash from
// the previous one and reports the first entry that does not match.
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatTime } from '@/lib/format-time';
import { consoleKeys, listAudit, verifyAudit } from '../api/console-api';
import type { AuditEntry } from '../api/console-types';
import { serverPages } from '../lib/table-pages';

export function AuditPage() {
  const { t } = useTranslation('admin');
  const fmt = useFormatTime();
  const [current, setCurrent] = useState(1);
  const query = useQuery({
    queryKey: consoleKeys.audit(current),
    queryFn: () => listAudit(current),
    placeholderData: keepPreviousData,
  });
  const verify = useMutation({ mutationFn: verifyAudit });
  const result = verify.data;
  return (
    <section>
      <div className="admin-page-head">
        <Typography.Title level={3}>{t('nav.audit')}</Typography.Title>
        <Button
          type="primary"
          onClick={() => verify.mutate()}
          loading={verify.isPending}
          data-testid="audit-verify"
        >
          {t('audit.verify')}
        </Button>
      </div>
      {result ? (
        <Alert
          className="admin-gap"
          showIcon
          type={result.ok ? 'success' : 'error'}
          data-testid="audit-verify-result"
          data-ok={String(result.ok)}
          message={
            result.ok
              ? t('audit.ok', { count: result.checked })
              : t('audit.broken', { id: result.firstBrokenId ?? '?', count: result.checked })
          }
        />
      ) : null}
      <p className="admin-muted">{t('audit.explain')}</p>
      <Table<AuditEntry>
        rowKey="id"
        size="small"
        loading={query.isLoading}
        dataSource={query.data?.records ?? []}
        scroll={{ x: 900 }}
        pagination={serverPages(current, query.data?.total, setCurrent)}
        columns={[
          { title: t('cols.id'), dataIndex: 'id', width: 70 },
          { title: t('cols.time'), width: 170, render: (_, r) => fmt(r.createTime) },
          {
            title: t('audit.actor'),
            width: 160,
            render: (_, r) => (
              <span className="admin-actor">
                <Tag>
                  {t(
                    `audit.actorType.${r.actorType === 'operator' || r.actorType === 'user' ? r.actorType : 'system'}`,
                  )}
                </Tag>
                {r.actorName ?? r.actorId}
              </span>
            ),
          },
          {
            title: t('audit.action'),
            dataIndex: 'action',
            width: 190,
            render: (v: string) => <code>{v}</code>,
          },
          {
            title: t('audit.payload'),
            render: (_, r) => <code className="admin-payload">{JSON.stringify(r.payload)}</code>,
          },
          {
            title: t('audit.hash'),
            width: 110,
            render: (_, r) => (
              <Typography.Text className="admin-mono" copyable={{ text: r.hash }}>
                {r.hash.slice(0, 8)}
              </Typography.Text>
            ),
          },
        ]}
      />
    </section>
  );
}
