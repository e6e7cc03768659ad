// Proof-of-liabilities snapshots: the daily ones and those taken on request. "Take a snapshot now" reads
// the ledger at its current sequence number, publishes the roots and writes them (and who asked) to the
// audit log; users then check their balances in the user centre's audit section.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatTime } from '@/lib/format-time';
import {
  type LiabilitySnapshotRow,
  liabilitiesAdminKeys,
  listLiabilitySnapshots,
  takeLiabilitySnapshot,
} from '../api/liabilities-api';
import { serverPages } from '../lib/table-pages';

export function LiabilitiesPage() {
  const { t } = useTranslation('admin');
  const fmt = useFormatTime();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [current, setCurrent] = useState(1);
  const query = useQuery({
    queryKey: liabilitiesAdminKeys.page(current),
    queryFn: () => listLiabilitySnapshots(current),
    placeholderData: keepPreviousData,
  });
  const take = useMutation({
    mutationFn: takeLiabilitySnapshot,
    onSuccess: (s) => message.success(t('liabilities.taken', { id: s.id })),
    onSettled: () => void qc.invalidateQueries({ queryKey: liabilitiesAdminKeys.all }),
  });
  return (
    <section>
      <div className="admin-page-head">
        <Typography.Title level={3}>{t('nav.liabilities')}</Typography.Title>
        <Button
          type="primary"
          onClick={() => take.mutate()}
          loading={take.isPending}
          data-testid="liabilities-take"
        >
          {t('liabilities.take')}
        </Button>
      </div>
      <p className="admin-muted">{t('liabilities.explain')}</p>
      <Table<LiabilitySnapshotRow>
        rowKey="id"
        size="small"
        loading={query.isLoading}
        dataSource={query.data?.records ?? []}
        scroll={{ x: 800 }}
        pagination={serverPages(current, query.data?.total, setCurrent)}
        onRow={(r) => ({ 'data-testid': `liabilities-row-${r.id}` }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: t('cols.id'), dataIndex: 'id', width: 70 },
          { title: t('cols.time'), width: 170, render: (_, r) => fmt(r.takenAt) },
          {
            title: t('liabilities.kind'),
            width: 140,
            render: (_, r) => <Tag>{t(`liabilities.kinds.${r.kind}`)}</Tag>,
          },
          { title: t('liabilities.coreSeq'), dataIndex: 'coreSeq', width: 110 },
          { title: t('liabilities.users'), dataIndex: 'users', width: 90 },
          { title: t('liabilities.assets'), dataIndex: 'assets', width: 90 },
          {
            title: t('liabilities.stateHash'),
            render: (_, r) => (
              <Typography.Text className="admin-mono" copyable={{ text: r.stateHash }}>
                {r.stateHash.slice(0, 12)}
              </Typography.Text>
            ),
          },
        ]}
      />
    </section>
  );
}
