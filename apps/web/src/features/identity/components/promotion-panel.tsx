// My promotion (spec sections 3 and 9): invite code, invite link in the '/i&<code>' form (the router sends
// it to registration with the code filled in), its QR code, totals (people brought, accumulated revenue,
// today's rebates) and the three generations, each person masked with the rebates the platform paid the
// caller out of their fees, registration time, total investment and today's reward.
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Skeleton, Statistic, Table, Tabs, Tooltip, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatTime } from '@/lib/format-time';
import { useNumberFormat } from '@/lib/use-number-format';
import { LIST_PAGE_SIZE, promotionListQuery, promotionQuery } from '../api/referral-api';
import type { AssetTotals, Referee } from '../lib/identity-types';
import { inviteLink } from '../lib/kyc-status';
import { CopyField } from './copy-field';

const QRCodeSVG = lazy(() => import('qrcode.react').then((m) => ({ default: m.QRCodeSVG })));

function Totals({ totals }: { totals: AssetTotals }) {
  const fmt = useNumberFormat();
  const text = `${fmt.number(totals.usdt, 2, 2)} USDT`;
  if (totals.assets.length === 0) return <span>{text}</span>;
  return (
    <Tooltip title={totals.assets.map((a) => `${fmt.number(a.amount, 8)} ${a.asset}`).join(' · ')}>
      <span className="identity-dotted">{text}</span>
    </Tooltip>
  );
}

function GenerationTable({ generation }: { generation: number }) {
  const { t } = useTranslation('identity');
  const format = useFormatTime();
  const fmt = useNumberFormat();
  const [current, setCurrent] = useState(1);
  const list = useQuery(promotionListQuery(generation, current));
  return (
    <Table<Referee>
      size="small"
      rowKey={(r) => `${r.user}-${r.registerTime}`}
      loading={list.isLoading}
      dataSource={list.data?.records ?? []}
      scroll={{ x: 'max-content' }}
      data-testid={`promotion-generation-${generation}`}
      locale={{ emptyText: t('promotion.empty') }}
      onRow={() => ({ 'data-testid': `promotion-row-${generation}` }) as React.HTMLAttributes<HTMLElement>}
      pagination={{
        current,
        pageSize: LIST_PAGE_SIZE,
        total: list.data?.total ?? 0,
        showSizeChanger: false,
        hideOnSinglePage: true,
        onChange: setCurrent,
      }}
      columns={[
        {
          title: t('promotion.cols.user'),
          dataIndex: 'user',
          render: (v: string) => <span className="identity-mono">{v}</span>,
        },
        {
          title: t('promotion.cols.rebate'),
          dataIndex: 'rebate',
          align: 'right',
          render: (v: AssetTotals) => <Totals totals={v} />,
        },
        {
          title: t('promotion.cols.registered'),
          dataIndex: 'registerTime',
          render: (v: string) => format(v),
        },
        {
          title: t('promotion.cols.investment'),
          dataIndex: 'totalInvestment',
          align: 'right',
          render: (v: string) => `${fmt.number(v, 2, 2)} USDT`,
        },
        {
          title: t('promotion.cols.today'),
          dataIndex: 'todayReward',
          align: 'right',
          render: (v: AssetTotals) => <Totals totals={v} />,
        },
      ]}
    />
  );
}

export function PromotionPanel() {
  const { t } = useTranslation('identity');
  const fmt = useNumberFormat();
  const shareText = (s: string | undefined) => fmt.rate(s ?? '0', 2);
  const info = useQuery(promotionQuery());
  const [tab, setTab] = useState('1');
  if (info.isLoading || !info.data) return <Skeleton active />;
  const p = info.data;
  const link = inviteLink(window.location.origin, p.invitePath);
  return (
    <div className="identity-promotion" data-testid="promotion">
      <Row gutter={[16, 16]}>
        <Col xs={24} md={16}>
          <Card size="small" title={t('promotion.invite')}>
            <Typography.Paragraph type="secondary">{t('promotion.inviteIntro')}</Typography.Paragraph>
            <div className="identity-field">
              <span className="identity-field__label">{t('promotion.code')}</span>
              <CopyField value={p.inviteCode} testId="promotion-code" />
            </div>
            <div className="identity-field">
              <span className="identity-field__label">{t('promotion.link')}</span>
              <CopyField value={link} testId="promotion-link" />
            </div>
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card size="small" title={t('promotion.qr')} className="identity-qr-card">
            <div className="identity-qr" data-testid="promotion-qr">
              <Suspense fallback={<Skeleton.Image active />}>
                <QRCodeSVG
                  value={link}
                  size={148}
                  marginSize={2}
                  bgColor="#ffffff"
                  fgColor="#000000"
                  title={link}
                />
              </Suspense>
            </div>
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} md={6}>
          <Card size="small">
            <Statistic
              title={t('promotion.totalUsers')}
              value={p.totalUsers}
              valueRender={() => <span data-testid="promotion-total-users">{p.totalUsers}</span>}
            />
          </Card>
        </Col>
        {p.generations.map((g) => (
          <Col xs={8} md={6} key={g.generation}>
            <Card size="small">
              <Statistic title={t('promotion.generationUsers', { n: g.generation })} value={g.users} />
            </Card>
          </Col>
        ))}
        <Col xs={24} md={12}>
          <Card size="small">
            <div className="identity-stat-title">{t('promotion.revenue')}</div>
            <div className="identity-stat-value" data-testid="promotion-revenue">
              <Totals totals={p.revenue} />
            </div>
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card size="small">
            <div className="identity-stat-title">{t('promotion.today')}</div>
            <div className="identity-stat-value">
              <Totals totals={p.today} />
            </div>
          </Card>
        </Col>
      </Row>
      <Card size="small" style={{ marginTop: 16 }}>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[1, 2, 3].map((g) => ({
            key: String(g),
            label: <span data-testid={`promotion-tab-${g}`}>{t('promotion.generation', { n: g })}</span>,
            children: <GenerationTable generation={g} />,
          }))}
        />
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('promotion.rebateNote', {
            g1: shareText(p.shares[0]),
            g2: shareText(p.shares[1]),
            g3: shareText(p.shares[2]),
          })}
        </Typography.Paragraph>
      </Card>
    </div>
  );
}
