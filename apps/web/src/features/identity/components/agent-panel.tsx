// Agent management (spec sections 2 and 6; getAgentInfo, getAgentList): shown to everyone. An agent (an
// operator grants the status) sees its team, the three referral generations below it, with each member's
// 30-day and total spot volume; anyone else is told how agents are appointed.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Card, Col, Result, Row, Segmented, Skeleton, Statistic, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatTime } from '@/lib/format-time';
import { useNumberFormat } from '@/lib/use-number-format';
import { agentInfoQuery, agentListQuery, LIST_PAGE_SIZE } from '../api/referral-api';
import type { TeamMember } from '../lib/identity-types';

export function AgentPanel() {
  const { t } = useTranslation('identity');
  const fmt = useNumberFormat();
  const format = useFormatTime();
  const info = useQuery(agentInfoQuery());
  const [generation, setGeneration] = useState<number | undefined>(undefined);
  const [current, setCurrent] = useState(1);
  const isAgent = info.data?.isAgent === true;
  const team = useQuery(agentListQuery(generation, current, isAgent));
  const usdt = (v: string) => `${fmt.number(v, 2, 2)} USDT`;

  if (info.isLoading || !info.data) return <Skeleton active />;
  if (!info.data.isAgent) {
    return (
      <Result
        status="info"
        title={t('agent.notAgent')}
        subTitle={t('agent.notAgentText')}
        data-testid="agent-not-granted"
        extra={
          <Link to="/account/center/reward-center" className="app-link-button app-link-button--primary">
            {t('agent.toPromotion')}
          </Link>
        }
      />
    );
  }
  const a = info.data;
  return (
    <div data-testid="agent-panel">
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic
              title={t('agent.teamSize')}
              value={a.teamSize}
              valueRender={() => <span data-testid="agent-team-size">{a.teamSize}</span>}
            />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title={t('agent.volumeToday')} value={usdt(a.teamVolumeToday)} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title={t('agent.volume30d')} value={usdt(a.teamVolume30d)} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title={t('agent.volumeTotal')} value={usdt(a.teamVolumeTotal)} />
          </Card>
        </Col>
      </Row>
      <Card
        size="small"
        style={{ marginTop: 16 }}
        title={t('agent.team')}
        extra={
          <Segmented
            size="small"
            value={generation ?? 0}
            onChange={(v) => {
              setGeneration(v === 0 ? undefined : Number(v));
              setCurrent(1);
            }}
            options={[
              { value: 0, label: t('agent.all') },
              ...[1, 2, 3].map((g) => ({ value: g, label: t('promotion.generation', { n: g }) })),
            ]}
          />
        }
      >
        <Table<TeamMember>
          size="small"
          rowKey={(r) => `${r.user}-${r.registerTime}`}
          loading={team.isLoading}
          dataSource={team.data?.records ?? []}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('promotion.empty') }}
          pagination={{
            current,
            pageSize: LIST_PAGE_SIZE,
            total: team.data?.total ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: setCurrent,
          }}
          columns={[
            {
              title: t('promotion.cols.user'),
              dataIndex: 'user',
              render: (v: string, r) => (
                <span className="identity-mono">
                  {v} {r.isAgent ? <Tag color="gold">{t('agent.subAgent')}</Tag> : null}
                </span>
              ),
            },
            {
              title: t('agent.generation'),
              dataIndex: 'generation',
              render: (g: number) => t('promotion.generation', { n: g }),
            },
            {
              title: t('promotion.cols.registered'),
              dataIndex: 'registerTime',
              render: (v: string) => format(v),
            },
            { title: t('agent.volume30d'), dataIndex: 'volume30d', align: 'right', render: usdt },
            { title: t('agent.volumeTotal'), dataIndex: 'volumeTotal', align: 'right', render: usdt },
          ]}
        />
      </Card>
      <p className="identity-footnote">{t('agent.since', { date: format(a.since) })}</p>
    </div>
  );
}
