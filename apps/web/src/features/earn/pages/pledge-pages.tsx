// Pledge mining (spec sections 2 to 4): /pledge/index lists the products, /pledge/add?id= subscribes,
// /pledge/order lists the user's orders with the redeem action.
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Empty, Result, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '@/lib/session-store';
import { useNumberFormat } from '@/lib/use-number-format';
import { pledgeProductsQuery, productQuery } from '../api/products-api';
import { EarnCard, EarnHead, SignedInOnly, Stats } from '../components/earn-ui';
import { OrderList } from '../components/order-list';
import { SubscribeForm } from '../components/subscribe-form';
import type { PledgeProduct } from '../lib/earn-types';

function PledgeLinks() {
  const { t } = useTranslation('earn');
  return (
    <>
      <Link to="/pledge/index" className="app-link-button" data-testid="pledge-link-index">
        {t('pledge.products')}
      </Link>
      <Link to="/pledge/order" className="app-link-button" data-testid="pledge-link-orders">
        {t('pledge.myOrders')}
      </Link>
    </>
  );
}

function PledgeFigures({ p }: { p: PledgeProduct }) {
  const { t } = useTranslation('earn');
  const n = useNumberFormat();
  const isLogin = useSessionStore((s) => s.isLogin);
  return (
    <Stats
      items={[
        { label: t('product.cycle'), value: t('product.days', { n: p.cycleDays }) },
        {
          label: t('product.amountRange'),
          value: `${n.amount(p.minAmount, p.decimals)} – ${n.amount(p.maxAmount, p.decimals)} ${p.coin}`,
        },
        { label: t('pledge.userLimit'), value: `${n.amount(p.userLimit, p.decimals)} ${p.coin}` },
        {
          label: t('pledge.buyable'),
          value: isLogin ? t('pledge.boughtOf', { bought: p.bought, limit: p.buyableCount }) : p.buyableCount,
          testId: `pledge-buyable-${p.id}`,
        },
        { label: t('pledge.payout'), value: t(`payout.${p.payout}`) },
        { label: t('pledge.penalty'), value: n.rate(p.earlyPenaltyRate) },
      ]}
    />
  );
}

function Rate({ dailyRate, annualRate }: { dailyRate: string; annualRate: string }) {
  const { t } = useTranslation('earn');
  const n = useNumberFormat();
  return (
    <div>
      <div className="earn-product__rate">{n.rate(dailyRate)}</div>
      <div className="earn-product__rate-label">
        {t('product.dailyRate')} · {t('product.annual', { rate: n.rate(annualRate, 2) })}
      </div>
    </div>
  );
}

export function PledgeListPage() {
  const { t } = useTranslation('earn');
  const { t: tr } = useTranslation('routes');
  const isLogin = useSessionStore((s) => s.isLogin);
  const products = useQuery(pledgeProductsQuery(isLogin));
  return (
    <div className="app-container earn-page" data-testid="pledge-index">
      <EarnHead
        title={tr('pages.pledgeIndex.title')}
        subtitle={t('pledge.subtitle')}
        links={<PledgeLinks />}
      />
      {products.isLoading ? <Skeleton active /> : null}
      {products.data?.length === 0 ? <Empty description={t('product.none')} /> : null}
      <div className="earn-grid">
        {(products.data ?? []).map((p) => (
          <EarnCard key={p.id} testId={`pledge-product-${p.id}`}>
            <div className="earn-product">
              <h2 className="earn-product__name">
                <span>{p.name}</span>
                {p.status === 'open' ? null : <Tag>{t('product.closed')}</Tag>}
              </h2>
              <Rate dailyRate={p.dailyRate} annualRate={p.annualRate} />
              <PledgeFigures p={p} />
              <Link
                to="/pledge/add"
                search={{ id: p.id }}
                className="app-link-button app-link-button--primary"
                data-testid={`pledge-subscribe-${p.id}`}
              >
                {t('pledge.subscribe')}
              </Link>
            </div>
          </EarnCard>
        ))}
      </div>
    </div>
  );
}

export function PledgeSubscribePage({ id }: { id: string | undefined }) {
  const { t } = useTranslation('earn');
  const { t: tr } = useTranslation('routes');
  const n = useNumberFormat();
  const navigate = useNavigate();
  const isLogin = useSessionStore((s) => s.isLogin);
  const product = useQuery({ ...productQuery(id ?? '0', isLogin), enabled: id !== undefined });
  const p = product.data?.kind === 'pledge' ? product.data : undefined;
  return (
    <div className="app-container earn-page" data-testid="pledge-add">
      <EarnHead title={tr('pages.pledgeAdd.title')} subtitle={p?.name} links={<PledgeLinks />} />
      {id === undefined || product.isError || (product.data && !p) ? (
        <Result status="404" title={t('product.notFound')} />
      ) : null}
      {product.isLoading ? <Skeleton active /> : null}
      {p ? (
        <div className="earn-two-columns">
          <EarnCard title={p.name}>
            <Rate dailyRate={p.dailyRate} annualRate={p.annualRate} />
            <div style={{ height: 12 }} />
            <PledgeFigures p={p} />
            {p.description ? <p className="earn-muted">{p.description}</p> : null}
            <p className="earn-muted">{t('pledge.penaltyNote', { rate: n.rate(p.earlyPenaltyRate) })}</p>
          </EarnCard>
          <EarnCard title={t('subscribe.title')}>
            <SignedInOnly>
              <SubscribeForm
                kind="pledge"
                product={p}
                onDone={() => void navigate({ to: '/pledge/order' })}
              />
            </SignedInOnly>
          </EarnCard>
        </div>
      ) : null}
    </div>
  );
}

export function PledgeOrdersPage() {
  const { t: tr } = useTranslation('routes');
  return (
    <div className="app-container earn-page" data-testid="pledge-order">
      <EarnHead title={tr('pages.pledgeOrder.title')} links={<PledgeLinks />} />
      <EarnCard>
        <SignedInOnly>
          <OrderList kind="pledge" />
        </SignedInOnly>
      </EarnCard>
    </div>
  );
}
