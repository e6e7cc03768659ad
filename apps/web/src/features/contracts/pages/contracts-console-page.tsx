// Perpetual contracts in the console (admin role, like GET /api/admin/contracts): the insurance fund and
// the contract pool per settle asset, open interest long and short per market with the funding rate and
// the next funding time, the recent liquidations (the tick each cites), and the risk jobs. Read only:
// operators change nothing of a position, a price or a funding rate.
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormatTime } from '@/lib/format-time';
import { contractsConsoleKeys, getContractsOverview } from '../api/contracts-admin-api';

const pct = (rate: string) => `${(Number(rate) * 100).toFixed(4)}%`;

export function ContractsConsolePage() {
  const { t } = useTranslation('contracts');
  const formatTime = useFormatTime();
  const time = (ms: number | null) => (ms ? formatTime(ms) : '-');
  const overview = useQuery({
    queryKey: contractsConsoleKeys.overview,
    queryFn: getContractsOverview,
    refetchInterval: 5000,
  });
  const d = overview.data;
  return (
    <div data-testid="contracts-console">
      <Typography.Title level={3}>{t('console.title')}</Typography.Title>
      <Card>
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label={t('console.jobs')}>
            {d
              ? t('console.jobStats', {
                  ticks: d.jobs.ticks,
                  liquidations: d.jobs.liquidations,
                  fundings: d.jobs.fundings,
                })
              : '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('console.lastRun')}>
            {time(d?.jobs.lastRunAt ?? null)}
          </Descriptions.Item>
          <Descriptions.Item label={t('console.lastError')}>{d?.jobs.lastError ?? '-'}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Typography.Title level={4}>{t('console.funds')}</Typography.Title>
      <Table
        size="small"
        rowKey="asset"
        pagination={false}
        data-testid="contracts-console-funds"
        dataSource={d?.funds ?? []}
        columns={[
          { title: t('console.asset'), dataIndex: 'asset' },
          { title: t('console.insuranceFund'), dataIndex: 'insuranceFund' },
          { title: t('console.contractPool'), dataIndex: 'contractPool' },
        ]}
      />
      <Typography.Title level={4}>{t('console.markets')}</Typography.Title>
      <Table
        size="small"
        rowKey="symbol"
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="contracts-console-markets"
        dataSource={d?.markets ?? []}
        columns={[
          { title: t('market'), dataIndex: 'pair', render: (v: string, m) => `${v} ${t(`type.${m.type}`)}` },
          { title: t('markPrice'), dataIndex: 'markPrice', render: (v: string | null) => v ?? '-' },
          { title: t('indexPrice'), dataIndex: 'indexPrice', render: (v: string | null) => v ?? '-' },
          { title: t('console.oiLong'), dataIndex: 'longOpenInterest' },
          { title: t('console.oiShort'), dataIndex: 'shortOpenInterest' },
          {
            title: t('console.positions'),
            key: 'positions',
            render: (_: unknown, m) => `${m.longPositions} / ${m.shortPositions}`,
          },
          { title: t('console.fundingRate'), dataIndex: 'fundingRate', render: pct },
          { title: t('console.lastFundingRate'), dataIndex: 'lastFundingRate', render: pct },
          { title: t('console.nextFunding'), dataIndex: 'nextFundingTime', render: time },
        ]}
      />
      <Typography.Title level={4}>{t('console.liquidations')}</Typography.Title>
      <Table
        size="small"
        rowKey={(r) => `${r.seq}:${r.positionId}`}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="contracts-console-liquidations"
        locale={{ emptyText: t('console.noLiquidations') }}
        dataSource={d?.liquidations ?? []}
        columns={[
          { title: t('time'), dataIndex: 'time', render: time },
          { title: t('console.user'), dataIndex: 'userId' },
          { title: t('market'), dataIndex: 'pair' },
          { title: t('direction'), dataIndex: 'side', render: (v: string) => t(`side.${v}`) },
          { title: t('quantity'), dataIndex: 'qty' },
          { title: t('markPrice'), dataIndex: 'mark' },
          { title: t('console.bankruptcyPrice'), dataIndex: 'bankruptcyPrice' },
          { title: t('console.bookQty'), dataIndex: 'bookQty' },
          { title: t('console.adlQty'), dataIndex: 'adlQty' },
          { title: t('console.insuranceChange'), dataIndex: 'insurance' },
          { title: t('console.tick'), dataIndex: 'tickId' },
        ]}
      />
    </div>
  );
}
