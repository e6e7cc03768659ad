// Custody and solvency: per asset of the real chain, the hot wallet's on-chain balance beside what is
// pending (withdrawals under review or being sent), what users hold in total (liabilities) and what is
// still at deposit addresses; a red alarm when the hot wallet cannot pay what is pending. Below, the
// custody job's state and its outgoing transactions. Refreshed every 10 s.
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormatTime } from '@/lib/format-time';
import {
  type CustodyTxRow,
  custodyKeys,
  getSolvency,
  listCustodyTransactions,
  type SolvencyAsset,
} from '../api/custody-api';

const REFRESH_MS = 10_000;
const TX_COLOR: Record<string, string> = {
  confirmed: 'green',
  mined: 'blue',
  sent: 'processing',
  signed: 'processing',
  queued: 'default',
  skipped: 'default',
  reverted: 'red',
  conflict: 'red',
};

export function SolvencyPage() {
  const { t } = useTranslation('admin');
  const fmt = useFormatTime();
  const solvency = useQuery({
    queryKey: custodyKeys.solvency,
    queryFn: getSolvency,
    refetchInterval: REFRESH_MS,
  });
  const txs = useQuery({
    queryKey: custodyKeys.transactions,
    queryFn: listCustodyTransactions,
    refetchInterval: REFRESH_MS,
    enabled: solvency.data?.enabled === true,
  });
  const data = solvency.data;
  const status = data?.status;
  return (
    <section data-testid="solvency-page">
      <div className="admin-page-head">
        <Typography.Title level={3}>{t('nav.solvency')}</Typography.Title>
      </div>
      <p className="admin-muted">{t('solvency.explain')}</p>
      {data && !data.enabled ? (
        <Alert
          type="info"
          showIcon
          title={t('solvency.disabled', { adapter: data.adapter })}
          data-testid="solvency-disabled"
        />
      ) : null}
      {data?.enabled ? (
        data.alarm ? (
          <Alert
            type="error"
            showIcon
            title={t('solvency.alarm')}
            description={data.assets
              .filter((a) => !a.covered)
              .map((a) => t('solvency.short', { coin: a.coin, amount: a.shortfall }))
              .join(' · ')}
            data-testid="solvency-alarm"
          />
        ) : (
          <Alert type="success" showIcon title={t('solvency.ok')} data-testid="solvency-ok" />
        )
      ) : null}
      {data?.enabled ? (
        <Table<SolvencyAsset>
          style={{ marginTop: 16 }}
          rowKey="coin"
          size="small"
          pagination={false}
          scroll={{ x: 800 }}
          loading={solvency.isLoading}
          dataSource={data.assets}
          onRow={(r) =>
            ({
              'data-testid': `solvency-row-${r.coin}`,
              'data-covered': String(r.covered),
            }) as React.HTMLAttributes<HTMLElement>
          }
          columns={[
            { title: t('solvency.coin'), dataIndex: 'coin', width: 80 },
            {
              title: t('solvency.hotWallet'),
              render: (_, r) => <span data-testid={`solvency-hot-${r.coin}`}>{r.hotWallet}</span>,
            },
            {
              title: t('solvency.pending'),
              render: (_, r) => (
                <span data-testid={`solvency-pending-${r.coin}`}>
                  {r.pendingWithdrawals} ({r.pendingCount})
                </span>
              ),
            },
            { title: t('solvency.liabilities'), dataIndex: 'userLiabilities' },
            { title: t('solvency.awaitingSweep'), dataIndex: 'awaitingSweep' },
            {
              title: t('cols.status'),
              render: (_, r) =>
                r.covered ? (
                  <Tag color="green">{t('solvency.covered')}</Tag>
                ) : (
                  <Tag color="red">{t('solvency.short', { coin: r.coin, amount: r.shortfall })}</Tag>
                ),
            },
          ]}
        />
      ) : null}
      {status ? (
        <Descriptions
          style={{ marginTop: 16 }}
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          bordered
          items={[
            { key: 'chain', label: t('solvency.chain'), children: `${status.network} · ${status.chainId}` },
            {
              key: 'hot',
              label: t('solvency.hotAddress'),
              children: (
                <Typography.Text className="admin-mono" copyable data-testid="solvency-hot-address">
                  {status.hotWallet}
                </Typography.Text>
              ),
            },
            { key: 'conf', label: t('solvency.confirmations'), children: status.confirmations },
            { key: 'head', label: t('solvency.head'), children: status.head ?? '--' },
            {
              key: 'tick',
              label: t('solvency.lastTick'),
              children: status.lastTickAt ? fmt(status.lastTickAt) : '--',
            },
            {
              key: 'error',
              label: t('solvency.lastError'),
              children: status.lastError ? (
                <Typography.Text type="danger">{status.lastError}</Typography.Text>
              ) : (
                '--'
              ),
            },
          ]}
        />
      ) : null}
      {data?.enabled ? (
        <>
          <Typography.Title level={4} style={{ marginTop: 24 }}>
            {t('solvency.transactions')}
          </Typography.Title>
          <Table<CustodyTxRow>
            rowKey="id"
            size="small"
            loading={txs.isLoading}
            dataSource={txs.data?.records ?? []}
            scroll={{ x: 900 }}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            columns={[
              { title: t('cols.id'), dataIndex: 'id', width: 60 },
              { title: t('cols.time'), width: 170, render: (_, r) => fmt(r.updateTime) },
              { title: t('solvency.kind'), width: 110, render: (_, r) => t(`solvency.kinds.${r.kind}`) },
              { title: t('solvency.coin'), dataIndex: 'coin', width: 70 },
              { title: t('solvency.amount'), render: (_, r) => r.amount ?? '--' },
              {
                title: t('cols.status'),
                width: 110,
                render: (_, r) => <Tag color={TX_COLOR[r.status] ?? 'default'}>{r.status}</Tag>,
              },
              { title: t('solvency.nonce'), dataIndex: 'nonce', width: 70 },
              {
                title: t('solvency.txid'),
                render: (_, r) =>
                  r.txid ? (
                    r.explorerUrl ? (
                      <a
                        href={r.explorerUrl}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="admin-mono"
                      >
                        {r.txid.slice(0, 14)}…
                      </a>
                    ) : (
                      <Typography.Text className="admin-mono" copyable={{ text: r.txid }}>
                        {r.txid.slice(0, 14)}…
                      </Typography.Text>
                    )
                  ) : (
                    '--'
                  ),
              },
              {
                title: t('solvency.error'),
                render: (_, r) => (r.error ? <small className="admin-muted">{r.error}</small> : null),
              },
            ]}
          />
        </>
      ) : null}
    </section>
  );
}
