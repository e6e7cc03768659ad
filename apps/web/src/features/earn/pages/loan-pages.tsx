// Power loans (spec sections 2 to 4): /loan/index shows the products (the lender is the platform's
// lending pool) and the application with the front, back and holding photos; /loan/order lists the
// user's loans: pending review, approved (repaying), failed with its reason, settled or overdue, with the
// plan, what is due now (penalty included) and repayment of the next installment or everything left.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Alert, Button, Empty, Form, Modal, Select, Skeleton, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { useFormatTime } from '@/lib/format-time';
import { useSessionStore } from '@/lib/session-store';
import { toast } from '@/lib/toast';
import { useNumberFormat } from '@/lib/use-number-format';
import { earnKeys } from '../api/earn-keys';
import { financeBalanceQuery } from '../api/finance-balance';
import { applyForLoan, loanQuery, loansQuery, repayLoan, repayTypesQuery } from '../api/loans-api';
import { loanProductsQuery } from '../api/products-api';
import { DocumentUpload } from '../components/document-upload';
import {
  AmountInput,
  EarnCard,
  EarnHead,
  LoanStatusTag,
  SignedInOnly,
  Stats,
  Summary,
} from '../components/earn-ui';
import { inRange, owedInterest } from '../lib/earn-math';
import type { Loan, LoanProduct, RepayWay } from '../lib/earn-types';

const DAY = 86_400_000;

function LoanLinks() {
  const { t } = useTranslation('earn');
  return (
    <>
      <Link to="/loan/index" className="app-link-button" data-testid="loan-link-index">
        {t('loan.products')}
      </Link>
      <Link to="/loan/order" className="app-link-button" data-testid="loan-link-orders">
        {t('loan.records')}
      </Link>
    </>
  );
}

function useRepayLabels(): (way: string) => string {
  const { t } = useTranslation('earn');
  const types = useQuery(repayTypesQuery());
  return (way) => types.data?.find((w) => w.dictValue === way)?.dictLabel ?? t(`repayWay.${way}`);
}

function ApplyForm({ product }: { product: LoanProduct }) {
  const { t } = useTranslation('earn');
  const n = useNumberFormat();
  const time = useFormatTime();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const label = useRepayLabels();
  const [amount, setAmount] = useState('');
  const [way, setWay] = useState<RepayWay>(product.repayWays[0] ?? '2');
  const [docs, setDocs] = useState<{ frontImage?: string; backImage?: string; holdingImage?: string }>({});
  const range = inRange(amount, product.minAmount, product.maxAmount);
  const run = useMutation({
    mutationFn: () => applyForLoan({ productId: product.id, amount, repayWay: way, ...docs }),
    onSuccess: () => {
      toast.success(t('loan.applied'));
      void qc.invalidateQueries({ queryKey: earnKeys.all });
      void navigate({ to: '/loan/order' });
    },
  });
  const missing = !docs.frontImage || !docs.backImage || !docs.holdingImage;
  const error = run.error && isApiError(run.error) ? run.error.msg : undefined;
  const rangeError =
    range === 'below'
      ? t('subscribe.belowMin', { min: n.amount(product.minAmount, product.decimals) })
      : range === 'above'
        ? t('subscribe.aboveMax', { max: n.amount(product.maxAmount, product.decimals) })
        : undefined;
  return (
    <Form layout="vertical" className="earn-form" onFinish={() => run.mutate()} data-testid="loan-apply-form">
      <Form.Item
        label={t('loan.amount')}
        required
        validateStatus={rangeError ? 'error' : undefined}
        help={rangeError ? <span data-testid="loan-amount-error">{rangeError}</span> : undefined}
      >
        <AmountInput
          value={amount}
          onChange={setAmount}
          decimals={product.decimals}
          suffix={product.coin}
          testId="loan-amount"
        />
      </Form.Item>
      <Form.Item label={t('loan.repayWay')} required>
        <Select<RepayWay>
          value={way}
          onChange={setWay}
          data-testid="loan-repay-way"
          options={product.repayWays.map((w) => ({ value: w, label: label(w) }))}
        />
      </Form.Item>
      <Form.Item label={t('loan.documents')} required extra={t('loan.documentsHint')}>
        <div className="earn-docs">
          <DocumentUpload
            label={t('loan.front')}
            value={docs.frontImage}
            onChange={(v) => setDocs((d) => ({ ...d, frontImage: v }))}
            testId="loan-doc-front"
          />
          <DocumentUpload
            label={t('loan.back')}
            value={docs.backImage}
            onChange={(v) => setDocs((d) => ({ ...d, backImage: v }))}
            testId="loan-doc-back"
          />
          <DocumentUpload
            label={t('loan.holding')}
            value={docs.holdingImage}
            onChange={(v) => setDocs((d) => ({ ...d, holdingImage: v }))}
            testId="loan-doc-holding"
          />
        </div>
      </Form.Item>
      <Summary
        rows={[
          { label: t('loan.lender'), value: t('loan.platformPool') },
          { label: t('product.dailyRate'), value: n.rate(product.dailyRate) },
          {
            label: t('loan.interestEstimate'),
            value:
              range === 'ok'
                ? `${n.amount(owedInterest(amount, product.dailyRate, product.cycleDays, product.decimals) ?? '0', product.decimals)} ${product.coin}`
                : '--',
            testId: 'loan-interest',
          },
          { label: t('loan.repayTime'), value: time(Date.now() + product.cycleDays * DAY, false) },
          { label: t('loan.overdueRate'), value: t('loan.perDay', { rate: n.rate(product.overdueRate) }) },
        ]}
      />
      {error ? <Alert type="error" showIcon message={error} data-testid="loan-apply-error" /> : null}
      {missing ? <p className="earn-muted">{t('loan.needDocuments')}</p> : null}
      <Button
        type="primary"
        htmlType="submit"
        block
        loading={run.isPending}
        disabled={range !== 'ok' || missing}
        data-testid="loan-apply-submit"
      >
        {t('loan.apply')}
      </Button>
    </Form>
  );
}

export function LoanProductsPage() {
  const { t } = useTranslation('earn');
  const { t: tr } = useTranslation('routes');
  const n = useNumberFormat();
  const label = useRepayLabels();
  const products = useQuery(loanProductsQuery());
  const isLogin = useSessionStore((s) => s.isLogin);
  const [chosen, setChosen] = useState<string>();
  const product = products.data?.find((p) => p.id === chosen);
  const balance = useQuery({
    ...financeBalanceQuery(product?.coin ?? 'USDT'),
    enabled: isLogin && !!product,
  });
  return (
    <div className="app-container earn-page" data-testid="loan-index">
      <EarnHead title={tr('pages.loanIndex.title')} subtitle={t('loan.subtitle')} links={<LoanLinks />} />
      {products.isLoading ? <Skeleton active /> : null}
      {products.data?.length === 0 ? <Empty description={t('product.none')} /> : null}
      <div className="earn-grid">
        {(products.data ?? []).map((p) => (
          <EarnCard key={p.id} testId={`loan-product-${p.id}`}>
            <div className="earn-product">
              <h2 className="earn-product__name">
                <span>{p.name}</span>
                {p.status === 'open' ? null : <Tag>{t('product.closed')}</Tag>}
              </h2>
              <Stats
                items={[
                  {
                    label: t('loan.amountRange'),
                    value: `${n.amount(p.minAmount, p.decimals)} – ${n.amount(p.maxAmount, p.decimals)} ${p.coin}`,
                  },
                  { label: t('loan.cycle'), value: t('product.days', { n: p.cycleDays }) },
                  { label: t('product.dailyRate'), value: n.rate(p.dailyRate) },
                  { label: t('loan.repayWays'), value: p.repayWays.map(label).join(' / ') },
                  { label: t('loan.overdueRate'), value: t('loan.perDay', { rate: n.rate(p.overdueRate) }) },
                  { label: t('loan.lender'), value: t('loan.platformPool') },
                  { label: t('loan.poolAvailable'), value: `${n.amount(p.available, p.decimals)} ${p.coin}` },
                ]}
              />
              <Button
                type="primary"
                onClick={() => setChosen(p.id)}
                disabled={p.status !== 'open'}
                data-testid={`loan-choose-${p.id}`}
              >
                {t('loan.applyFor')}
              </Button>
            </div>
          </EarnCard>
        ))}
      </div>
      {product ? (
        <EarnCard title={t('loan.applyTitle', { name: product.name })} testId="loan-apply">
          <SignedInOnly>
            {balance.data ? (
              <p className="earn-muted" data-testid="loan-available">
                {t('subscribe.available', {
                  amount: n.amount(balance.data, product.decimals),
                  coin: product.coin,
                })}
              </p>
            ) : null}
            <ApplyForm key={product.id} product={product} />
          </SignedInOnly>
        </EarnCard>
      ) : null}
    </div>
  );
}

function LoanDetail({ loan }: { loan: Loan }) {
  const { t } = useTranslation('earn');
  const n = useNumberFormat();
  const time = useFormatTime();
  const qc = useQueryClient();
  const live = useQuery({ ...loanQuery(loan.id), initialData: loan });
  const l = live.data ?? loan;
  const [confirm, setConfirm] = useState<'next' | 'full'>();
  const [attempt, setAttempt] = useState(() => crypto.randomUUID());
  const run = useMutation({
    mutationFn: (mode: 'next' | 'full') => repayLoan(l.id, mode, attempt),
    onSuccess: () => {
      toast.success(t('loan.repaid'));
      setConfirm(undefined);
      setAttempt(crypto.randomUUID());
      void qc.invalidateQueries({ queryKey: earnKeys.all });
    },
    onError: (e) => {
      if (isApiError(e) && e.kind === 'response') setAttempt(crypto.randomUUID());
    },
  });
  const amount = (v: string) => `${n.amount(v, 8)} ${l.coin}`;
  return (
    <div className="earn-page" style={{ padding: 0 }} data-testid={`loan-detail-${l.id}`}>
      {l.status === 'failed' ? (
        <Alert
          type="error"
          showIcon
          message={t('loan.failedReason', { reason: l.failReason ?? t('loan.failedPool') })}
        />
      ) : null}
      <Table
        rowKey="dueTs"
        size="small"
        pagination={false}
        dataSource={l.installments}
        scroll={{ x: 600 }}
        columns={[
          { title: t('loan.due'), render: (_, i) => time(i.dueTime, false) },
          { title: t('loan.principal'), align: 'right', render: (_, i) => amount(i.principal) },
          { title: t('loan.interest'), align: 'right', render: (_, i) => amount(i.interest) },
          { title: t('loan.penalty'), align: 'right', render: (_, i) => amount(i.penalty) },
          { title: t('loan.paidAt'), render: (_, i) => (i.paidTime ? time(i.paidTime) : '--') },
        ]}
      />
      {l.due && (l.status === 'repaying' || l.status === 'overdue') ? (
        <>
          <Summary
            rows={[
              { label: t('loan.nextDue'), value: amount(l.due.next), testId: `loan-next-${l.id}` },
              { label: t('loan.penaltyNow'), value: amount(l.due.penalty), testId: `loan-penalty-${l.id}` },
              { label: t('loan.fullDue'), value: amount(l.due.full), testId: `loan-full-${l.id}` },
            ]}
          />
          <div className="earn-head__links">
            <Button onClick={() => setConfirm('next')} data-testid={`loan-repay-next-${l.id}`}>
              {t('loan.repayNext')}
            </Button>
            <Button type="primary" onClick={() => setConfirm('full')} data-testid={`loan-repay-full-${l.id}`}>
              {t('loan.repayFull')}
            </Button>
          </div>
        </>
      ) : null}
      {confirm && l.due ? (
        <Modal
          open
          title={t('loan.repayTitle')}
          okText={t('loan.repayConfirm')}
          cancelText={t('common.cancel')}
          onCancel={() => setConfirm(undefined)}
          onOk={() => run.mutate(confirm)}
          okButtonProps={{ loading: run.isPending, ...{ 'data-testid': 'loan-repay-confirm' } }}
        >
          <p data-testid="loan-repay-amount">
            {t('loan.repayAmount', { amount: amount(confirm === 'next' ? l.due.next : l.due.full) })}
          </p>
          {run.error && isApiError(run.error) ? (
            <Alert type="error" showIcon message={run.error.msg} data-testid="loan-repay-error" />
          ) : null}
        </Modal>
      ) : null}
    </div>
  );
}

export function LoanRecordsPage() {
  const { t } = useTranslation('earn');
  const { t: tr } = useTranslation('routes');
  const n = useNumberFormat();
  const time = useFormatTime();
  const label = useRepayLabels();
  const [page, setPage] = useState(1);
  const loans = useQuery(loansQuery(page));
  return (
    <div className="app-container earn-page" data-testid="loan-order">
      <EarnHead title={tr('pages.loanOrder.title')} links={<LoanLinks />} />
      <EarnCard>
        <SignedInOnly>
          <Table<Loan>
            rowKey="id"
            loading={loans.isLoading}
            dataSource={loans.data?.records ?? []}
            scroll={{ x: 900 }}
            locale={{ emptyText: <Empty description={t('loan.none')} /> }}
            onRow={(l) => ({ 'data-testid': `loan-row-${l.id}` }) as object}
            expandable={{ expandedRowRender: (l) => <LoanDetail loan={l} />, expandRowByClick: false }}
            pagination={{
              current: page,
              pageSize: 10,
              total: loans.data?.total ?? 0,
              onChange: setPage,
              hideOnSinglePage: true,
            }}
            columns={[
              { title: t('order.product'), render: (_, l) => l.productName ?? l.productId },
              {
                title: t('loan.amount'),
                align: 'right',
                render: (_, l) => `${n.amount(l.amount, 8)} ${l.coin}`,
              },
              { title: t('loan.repayWay'), render: (_, l) => label(l.repayWay) },
              {
                title: t('loan.interest'),
                align: 'right',
                render: (_, l) => `${n.amount(l.interest, 8)} ${l.coin}`,
              },
              { title: t('loan.lender'), render: () => t('loan.platformPool') },
              { title: t('loan.applyTime'), render: (_, l) => time(l.applyTime) },
              {
                title: t('loan.repayTime'),
                render: (_, l) => (l.repayTime ? time(l.repayTime, false) : '--'),
              },
              {
                title: t('order.status'),
                render: (_, l) => <LoanStatusTag status={l.status} testId={`loan-status-${l.id}`} />,
              },
            ]}
          />
        </SignedInOnly>
      </EarnCard>
    </div>
  );
}
