// Swap in the spot account at the live index price: from (a coin the user holds, the largest by value, when
// the page opens), to, amount with "exchange all". The quote (price, fee rate, fee, amount received) is
// shown with a countdown to its next refresh; submitting opens a confirm step with the same figures and
// countdown, updated as the quote refreshes. The server uses the price of the moment it executes and the
// result says exactly what was credited.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Modal, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { useSettingsStore } from '@/lib/settings-store';
import { toast } from '@/lib/toast';
import { useNumberFormat } from '@/lib/use-number-format';
import { currencyExchange } from '../api/currency-exchange';
import { currencyAccountQuery } from '../api/get-currency-account';
import { SWAP_QUOTE_REFRESH_MS, swapQuoteQuery } from '../api/get-currency-price';
import { walletKeys } from '../api/wallet-keys';
import { useCoinChoice } from '../hooks/use-coin-choice';
import {
  allOf,
  type FieldErrors,
  hasErrors,
  type SwapField,
  swapEstimate,
  swapStartPair,
  validateSwap,
} from '../lib/wallet-forms';
import {
  AmountInput,
  Field,
  newIdempotencyKey,
  ReverseButton,
  SubmitRow,
  SummaryRow,
  WalletCard,
} from './wallet-ui';

/** Whole seconds until the quote fetched at `updatedAt` is refreshed; ticks every quarter second. */
function useQuoteCountdown(updatedAt: number, active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [active]);
  if (!active || updatedAt === 0) return 0;
  // `now` lags up to one tick behind a quote that has just arrived: never count from before it.
  const elapsed = Math.max(0, now - updatedAt);
  return Math.max(0, Math.ceil((SWAP_QUOTE_REFRESH_MS - elapsed) / 1000));
}

export function SwapForm() {
  const { t } = useTranslation('wallet');
  const fmt = useNumberFormat();
  const queryClient = useQueryClient();
  const currency = useSettingsStore((s) => s.currency);
  const { assets } = useCoinChoice();
  const spot = useQuery(currencyAccountQuery('1', currency));
  // Until the user picks, the pair starts from what they hold (computed once the balances are in).
  const [picked, setPicked] = useState<{ from: string; to: string } | null>(null);
  const start = useMemo(() => swapStartPair(spot.data?.list ?? []), [spot.data]);
  const { from, to } = picked ?? start;
  const [amount, setAmount] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<SwapField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const quote = useQuery(swapQuoteQuery(from, to));
  const countdown = useQuoteCountdown(quote.dataUpdatedAt, quote.isSuccess);
  const fromAsset = assets.find((a) => a.coin === from);
  const toAsset = assets.find((a) => a.coin === to);
  const fromDecimals = fromAsset?.decimals ?? 8;
  const toDecimals = toAsset?.decimals ?? 8;
  const available = spot.data?.list.find((r) => r.coin === from)?.available ?? '0';
  const estimate = swapEstimate(amount, fromDecimals, quote.data, toDecimals);
  const options = assets.map((a) => ({ value: a.coin, label: a.coin }));
  const setPair = (next: { from: string; to: string }) => {
    setPicked(next);
    setAmount('');
  };

  const review = () => {
    const found = validateSwap({ from, to, amount }, fromDecimals, available);
    setErrors(found);
    setFormError(null);
    if (!hasErrors(found)) setConfirming(true);
  };

  const submit = async () => {
    setSubmitting(true);
    try {
      const result = await currencyExchange({ from, to, amount }, newIdempotencyKey());
      toast.success(
        t('swap.done', {
          amount: fmt.amount(result.amount, fromDecimals),
          from: result.from,
          credited: fmt.amount(result.credited, toDecimals),
          to: result.to,
        }),
      );
      setConfirming(false);
      setAmount('');
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    } catch (e) {
      setConfirming(false);
      setFormError(isApiError(e) ? e.msg : t('errors.generic'));
    } finally {
      setSubmitting(false);
    }
  };

  const price = quote.data ? `1 ${from} ≈ ${fmt.amount(quote.data.price, toDecimals)} ${to}` : '--';
  const feeRate = quote.data ? fmt.rate(quote.data.feeRate) : '--';
  const countdownText = quote.isFetching ? t('swap.refreshing') : t('swap.countdown', { seconds: countdown });

  return (
    <WalletCard title={t('swap.title')} testId="swap-form">
      <Form layout="vertical" component={false}>
        <div className="wallet-form">
          <Field label={t('swap.from')} htmlFor="swap-from" error={errors.from} testId="swap-from">
            <Select
              id="swap-from"
              showSearch
              value={from}
              options={options}
              onChange={(v) => setPair({ from: v, to: v === to ? from : to })}
              data-testid="swap-from"
            />
          </Field>
          <ReverseButton onClick={() => setPair({ from: to, to: from })} testId="swap-reverse" />
          <Field label={t('swap.to')} htmlFor="swap-to" error={errors.to} testId="swap-to">
            <Select
              id="swap-to"
              showSearch
              value={to}
              options={options}
              onChange={(v) => setPair({ from, to: v })}
              data-testid="swap-to"
            />
          </Field>
          <Field
            label={t('form.amount')}
            htmlFor="swap-amount"
            error={errors.amount}
            testId="swap-amount"
            extra={
              <span data-testid="swap-available">
                {t('form.available', { amount: fmt.amount(available, fromDecimals), coin: from })}
              </span>
            }
          >
            <AmountInput
              id="swap-amount"
              value={amount}
              decimals={fromDecimals}
              onChange={setAmount}
              onAll={() => setAmount(allOf(available, fromDecimals))}
              allLabel={t('swap.all')}
              suffix={from}
              testId="swap-amount"
            />
          </Field>
          <div className="wallet-summary" data-testid="swap-quote">
            {quote.isError ? (
              <p style={{ margin: 0 }} data-testid="swap-no-price">
                {t('swap.noPrice')}
              </p>
            ) : (
              <>
                <SummaryRow label={t('swap.price')} value={price} testId="swap-price" />
                <SummaryRow label={t('swap.feeRate')} value={feeRate} testId="swap-fee-rate" />
                <SummaryRow
                  label={t('swap.fee')}
                  value={estimate ? `${fmt.amount(estimate.fee, toDecimals)} ${to}` : '--'}
                  testId="swap-fee"
                />
                <SummaryRow
                  label={t('swap.receive')}
                  value={estimate ? `≈ ${fmt.amount(estimate.credited, toDecimals)} ${to}` : '--'}
                  testId="swap-receive"
                />
                <p className="wallet-countdown" data-testid="swap-countdown">
                  {quote.data ? countdownText : ''}
                </p>
                {quote.data?.simulated ? (
                  <p className="wallet-text" style={{ margin: '6px 0 0' }}>
                    {t('swap.simulatedPrice')}
                  </p>
                ) : null}
              </>
            )}
          </div>
          <SubmitRow error={formError} submitting={false} onSubmit={review} testId="swap">
            {t('swap.submit')}
          </SubmitRow>
        </div>
      </Form>

      <Modal
        open={confirming}
        title={t('swap.confirm.title')}
        onCancel={() => setConfirming(false)}
        maskClosable={false}
        destroyOnHidden
        footer={
          <div className="wallet-modal-actions">
            <Button
              onClick={() => setConfirming(false)}
              disabled={submitting}
              data-testid="swap-confirm-cancel"
            >
              {t('swap.confirm.cancel')}
            </Button>
            <Button
              type="primary"
              loading={submitting}
              disabled={!estimate || quote.isError}
              onClick={() => void submit()}
              data-testid="swap-confirm-submit"
            >
              {t('swap.confirm.submit')}
            </Button>
          </div>
        }
      >
        <div data-testid="swap-confirm">
          <div className="wallet-summary wallet-summary--review">
            <SummaryRow
              label={t('swap.confirm.pay')}
              value={`${fmt.amount(amount, fromDecimals)} ${from}`}
              testId="swap-confirm-pay"
            />
            <SummaryRow
              label={t('swap.receive')}
              value={
                <strong>{estimate ? `≈ ${fmt.amount(estimate.credited, toDecimals)} ${to}` : '--'}</strong>
              }
              testId="swap-confirm-receive"
            />
            <SummaryRow label={t('swap.price')} value={price} testId="swap-confirm-price" />
            <SummaryRow label={t('swap.feeRate')} value={feeRate} testId="swap-confirm-fee-rate" />
            <SummaryRow
              label={t('swap.fee')}
              value={estimate ? `${fmt.amount(estimate.fee, toDecimals)} ${to}` : '--'}
              testId="swap-confirm-fee"
            />
          </div>
          <p className="wallet-countdown" data-testid="swap-confirm-countdown">
            {quote.isError ? t('swap.noPrice') : countdownText}
          </p>
          <Alert type="info" showIcon title={t('swap.confirm.note')} />
        </div>
      </Modal>
    </WalletCard>
  );
}
