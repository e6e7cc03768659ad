// Finance products (spec sections 2 and 3): /finance/investment with the tabs value added, member zone,
// ordinary products and my investment; /finance/detail?id= with the product's figures and subscription.
// The member zone states the tier it needs; the server decides who may subscribe.
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Alert, Empty, Progress, Result, Skeleton, Tabs, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '@/lib/session-store';
import { useNumberFormat } from '@/lib/use-number-format';
import { incomeQuery } from '../api/orders-api';
import { financeProductsQuery, productQuery } from '../api/products-api';
import { EarnCard, EarnHead, SignedInOnly, Stats, Summary } from '../components/earn-ui';
import { OrderList } from '../components/order-list';
import { SubscribeForm } from '../components/subscribe-form';
import type { FinanceCategory, FinanceProduct } from '../lib/earn-types';

export const FINANCE_PAGE_TABS = ['value_added', 'member', 'ordinary', 'mine'] as const;
export type FinancePageTab = (typeof FINANCE_PAGE_TABS)[number];

function FinanceFigures({ p }: { p: FinanceProduct }) {
  const { t } = useTranslation('earn');
  const n = useNumberFormat();
  const isLogin = useSessionStore((s) => s.isLogin);
  return (
    <>
      <div>
        <div className="earn-stat__label">{t('finance.progress')}</div>
        <Progress percent={Number.parseFloat(p.progress)} size="small" format={() => `${p.progress}%`} />
      </div>
      <Stats
        items={[
          {
            label: t('finance.remaining'),
            value: `${n.amount(p.remaining, p.decimals)} ${p.coin}`,
            testId: `finance-remaining-${p.id}`,
          },
          {
            label: t('product.amountRange'),
            value: `${n.amount(p.minAmount, p.decimals)} – ${n.amount(p.maxAmount, p.decimals)} ${p.coin}`,
          },
          { label: t('finance.lockDays'), value: t('product.days', { n: p.lockDays }) },
          { label: t('product.cycle'), value: t('product.days', { n: p.cycleDays }) },
          {
            label: t('finance.dailyIncome'),
            value: `${n.amount(p.dailyIncomePer10k, p.decimals)} ${p.coin}`,
          },
          {
            label: t('finance.limit'),
            value: isLogin
              ? t('pledge.boughtOf', { bought: p.joined, limit: p.participationLimit })
              : p.participationLimit,
          },
        ]}
      />
    </>
  );
}

function Rates({ p }: { p: FinanceProduct }) {
  const { t } = useTranslation('earn');
  const n = useNumberFormat();
  return (
    <div>
      <div className="earn-product__rate">{n.rate(p.annualRate, 2)}</div>
      <div className="earn-product__rate-label">
        {t('finance.average')} · {t('product.dailyRate')} {n.rate(p.dailyRate)}
      </div>
    </div>
  );
}

function ProductTab({ category }: { category: FinanceCategory }) {
  const { t } = useTranslation('earn');
  const isLogin = useSessionStore((s) => s.isLogin);
  const list = useQuery(financeProductsQuery(category, isLogin));
  const required = list.data?.memberMinTier;
  return (
    <div className="earn-page" style={{ paddingTop: 0 }}>
      {category === 'member' && required ? (
        <Alert
          type="info"
          showIcon
          data-testid="member-zone-rule"
          message={t('finance.memberRule', { tier: t(`tier.${required}`) })}
          description={
            list.data?.myTier
              ? t('finance.yourTier', { tier: t(`tier.${list.data.myTier}`) })
              : t('finance.loginForTier')
          }
        />
      ) : null}
      {list.isLoading ? <Skeleton active /> : null}
      {list.data?.records.length === 0 ? <Empty description={t('product.none')} /> : null}
      <div className="earn-grid">
        {(list.data?.records ?? []).map((p) => (
          <EarnCard key={p.id} testId={`finance-product-${p.id}`}>
            <div className="earn-product">
              <h2 className="earn-product__name">
                <span>{p.name}</span>
                <span>
                  {p.memberOnly ? <Tag color="gold">{t('finance.memberTag')}</Tag> : null}
                  {p.status === 'open' ? null : <Tag>{t('product.closed')}</Tag>}
                </span>
              </h2>
              <Rates p={p} />
              <FinanceFigures p={p} />
              <Link
                to="/finance/detail"
                search={{ id: p.id }}
                className="app-link-button app-link-button--primary"
                data-testid={`finance-detail-${p.id}`}
              >
                {t('finance.details')}
              </Link>
            </div>
          </EarnCard>
        ))}
      </div>
    </div>
  );
}

function MyInvestment() {
  const { t } = useTranslation('earn');
  const n = useNumberFormat();
  const income = useQuery(incomeQuery('finance'));
  return (
    <SignedInOnly>
      <div className="earn-page" style={{ paddingTop: 0 }}>
        <EarnCard title={t('finance.income')}>
          {income.data?.coins.length === 0 ? <p className="earn-muted">{t('order.none')}</p> : null}
          {(income.data?.coins ?? []).map((c) => (
            <Stats
              key={c.coin}
              items={[
                {
                  label: t('finance.totalIncome', { coin: c.coin }),
                  value: n.amount(c.totalIncome, 8),
                  testId: `income-total-${c.coin}`,
                },
                {
                  label: t('finance.holding', { coin: c.coin }),
                  value: n.amount(c.holding, 8),
                  testId: `income-holding-${c.coin}`,
                },
                { label: t('finance.pending', { coin: c.coin }), value: n.amount(c.pendingIncome, 8) },
              ]}
            />
          ))}
        </EarnCard>
        <EarnCard title={t('finance.myOrders')}>
          <OrderList kind="finance" />
        </EarnCard>
      </div>
    </SignedInOnly>
  );
}

export function FinanceInvestmentPage({
  tab,
  onTab,
}: {
  tab: FinancePageTab;
  onTab: (tab: FinancePageTab) => void;
}) {
  const { t } = useTranslation('earn');
  const { t: tr } = useTranslation('routes');
  const panes: Record<FinancePageTab, ReactNode> = {
    value_added: <ProductTab category="value_added" />,
    member: <ProductTab category="member" />,
    ordinary: <ProductTab category="ordinary" />,
    mine: <MyInvestment />,
  };
  return (
    <div className="app-container earn-page" data-testid="finance-investment">
      <EarnHead title={tr('pages.financeInvestment.title')} subtitle={t('finance.subtitle')} />
      <Tabs
        activeKey={tab}
        onChange={(key) => onTab(key as FinancePageTab)}
        items={FINANCE_PAGE_TABS.map((key) => ({
          key,
          label: <span data-testid={`finance-tab-${key}`}>{t(`finance.tabs.${key}`)}</span>,
          children: panes[key],
        }))}
      />
    </div>
  );
}

export function FinanceDetailPage({ id }: { id: string | undefined }) {
  const { t } = useTranslation('earn');
  const { t: tr } = useTranslation('routes');
  const n = useNumberFormat();
  const navigate = useNavigate();
  const isLogin = useSessionStore((s) => s.isLogin);
  const product = useQuery({ ...productQuery(id ?? '0', isLogin), enabled: id !== undefined });
  const p = product.data?.kind === 'finance' ? product.data : undefined;
  const blocked =
    p?.memberOnly && p.allowed === false && p.requiredTier
      ? t('finance.memberRule', { tier: t(`tier.${p.requiredTier}`) })
      : undefined;
  return (
    <div className="app-container earn-page" data-testid="finance-detail">
      <EarnHead
        title={tr('pages.financeDetail.title')}
        subtitle={
          p?.memberOnly && p.requiredTier
            ? `${p.name} · ${t('finance.memberRule', { tier: t(`tier.${p.requiredTier}`) })}`
            : p?.name
        }
        links={
          <Link to="/finance/investment" className="app-link-button">
            {t('finance.title')}
          </Link>
        }
      />
      {id === undefined || product.isError || (product.data && !p) ? (
        <Result status="404" title={t('product.notFound')} />
      ) : null}
      {product.isLoading ? <Skeleton active /> : null}
      {p ? (
        <div className="earn-two-columns">
          <EarnCard title={p.name}>
            <Rates p={p} />
            <div style={{ height: 12 }} />
            <FinanceFigures p={p} />
            <Summary
              rows={[
                { label: t('finance.cap'), value: `${n.amount(p.cap, p.decimals)} ${p.coin}` },
                { label: t('finance.sold'), value: `${n.amount(p.sold, p.decimals)} ${p.coin}` },
              ]}
            />
            {p.description ? <p className="earn-muted">{p.description}</p> : null}
            <p className="earn-muted">{t('finance.lockNote', { n: p.lockDays })}</p>
          </EarnCard>
          <EarnCard title={t('subscribe.title')}>
            <SignedInOnly>
              <SubscribeForm
                kind="finance"
                product={{ ...p, payout: 'maturity' }}
                blocked={blocked}
                onDone={() => void navigate({ to: '/finance/investment', search: { tab: 'mine' } })}
              />
            </SignedInOnly>
          </EarnCard>
        </div>
      ) : null}
    </div>
  );
}
