// The subscription form of pledge and finance products: the amount (corrected as typed, checked against
// the product's range), the finance account's available balance, and what the order will be before it
// is confirmed: estimated revenue, begin, end and payment date.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { useFormatTime } from '@/lib/format-time';
import { toast } from '@/lib/toast';
import { useNumberFormat } from '@/lib/use-number-format';
import { earnKeys } from '../api/earn-keys';
import { financeBalanceQuery } from '../api/finance-balance';
import { subscribe } from '../api/orders-api';
import { estimatedRevenue, inRange } from '../lib/earn-math';
import type { EarnOrder } from '../lib/earn-types';
import { AmountInput, Summary } from './earn-ui';

const DAY = 86_400_000;

export interface SubscribeTerms {
  id: string;
  coin: string;
  decimals: number;
  dailyRate: string;
  cycleDays: number;
  minAmount: string;
  maxAmount: string;
  payout: 'maturity' | 'daily';
  status: 'open' | 'closed';
}

export function SubscribeForm({
  kind,
  product,
  blocked,
  onDone,
}: {
  kind: 'pledge' | 'finance';
  product: SubscribeTerms;
  /** A reason the user cannot subscribe (member tier), shown instead of the button. */
  blocked?: string;
  onDone: (order: EarnOrder) => void;
}) {
  const { t } = useTranslation('earn');
  const n = useNumberFormat();
  const time = useFormatTime();
  const qc = useQueryClient();
  const [amount, setAmount] = useState('');
  const [attempt, setAttempt] = useState(() => crypto.randomUUID());
  const balance = useQuery(financeBalanceQuery(product.coin));
  const range = inRange(amount, product.minAmount, product.maxAmount);
  const revenue = estimatedRevenue(amount, product.dailyRate, product.cycleDays, product.decimals);
  const now = useMemo(() => Date.now(), []);
  const run = useMutation({
    mutationFn: () => subscribe(kind, product.id, amount, attempt),
    onSuccess: (order) => {
      toast.success(t('subscribe.done'));
      setAttempt(crypto.randomUUID());
      void qc.invalidateQueries({ queryKey: earnKeys.all });
      onDone(order);
    },
    // A refusal is recorded under the key: the next attempt (other amount) needs a new one. A network
    // failure keeps it, so sending again cannot subscribe twice.
    onError: (e) => {
      if (isApiError(e) && e.kind === 'response') setAttempt(crypto.randomUUID());
    },
  });
  const coin = product.coin;
  const fieldError =
    range === 'below'
      ? t('subscribe.belowMin', { min: n.amount(product.minAmount, product.decimals) })
      : range === 'above'
        ? t('subscribe.aboveMax', { max: n.amount(product.maxAmount, product.decimals) })
        : run.error && isApiError(run.error)
          ? run.error.msg
          : undefined;
  return (
    <Form layout="vertical" className="earn-form" onFinish={() => run.mutate()}>
      <Form.Item
        label={t('subscribe.amount')}
        required
        validateStatus={fieldError ? 'error' : undefined}
        help={fieldError ? <span data-testid="subscribe-error">{fieldError}</span> : undefined}
        extra={
          <span data-testid="subscribe-available">
            {t('subscribe.available', { amount: n.amount(balance.data ?? '0', product.decimals), coin })}
          </span>
        }
      >
        <AmountInput
          value={amount}
          onChange={setAmount}
          decimals={product.decimals}
          suffix={coin}
          testId="subscribe-amount"
        />
      </Form.Item>
      <Summary
        rows={[
          {
            label: t('subscribe.range'),
            value: `${n.amount(product.minAmount, product.decimals)} – ${n.amount(product.maxAmount, product.decimals)} ${coin}`,
          },
          {
            label: t('subscribe.revenue'),
            value: revenue ? `${n.amount(revenue, product.decimals)} ${coin}` : '--',
            testId: 'subscribe-revenue',
          },
          { label: t('order.begin'), value: time(now) },
          { label: t('order.end'), value: time(now + product.cycleDays * DAY) },
          {
            label: t('order.paymentDate'),
            value: product.payout === 'daily' ? t('order.daily') : time(now + product.cycleDays * DAY),
          },
        ]}
      />
      {blocked ? <Alert type="warning" showIcon message={blocked} data-testid="subscribe-blocked" /> : null}
      {product.status !== 'open' ? <Alert type="info" showIcon message={t('subscribe.closed')} /> : null}
      <Button
        type="primary"
        htmlType="submit"
        block
        loading={run.isPending}
        disabled={range !== 'ok' || !!blocked || product.status !== 'open'}
        data-testid="subscribe-submit"
      >
        {t('subscribe.submit')}
      </Button>
    </Form>
  );
}
