// Swap in the spot account at the live index price: from, to, amount with "exchange all"; the quote
// (price, fee, received amount) refreshes while the form is open and is shown before submitting. The
// server uses the price of the moment it executes and reports what was actually credited.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { useSettingsStore } from '@/lib/settings-store';
import { toast } from '@/lib/toast';
import { currencyExchange } from '../api/currency-exchange';
import { currencyAccountQuery } from '../api/get-currency-account';
import { swapQuoteQuery } from '../api/get-currency-price';
import { walletKeys } from '../api/wallet-keys';
import { useCoinChoice } from '../hooks/use-coin-choice';
import {
  allOf,
  displayAmount,
  type FieldErrors,
  hasErrors,
  type SwapField,
  swapEstimate,
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

export function SwapForm() {
  const { t } = useTranslation('wallet');
  const queryClient = useQueryClient();
  const currency = useSettingsStore((s) => s.currency);
  const { assets } = useCoinChoice();
  const [from, setFrom] = useState('BTC');
  const [to, setTo] = useState('USDT');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<FieldErrors<SwapField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const spot = useQuery(currencyAccountQuery('1', currency));
  const quote = useQuery(swapQuoteQuery(from, to));
  const fromAsset = assets.find((a) => a.coin === from);
  const toAsset = assets.find((a) => a.coin === to);
  const fromDecimals = fromAsset?.decimals ?? 8;
  const toDecimals = toAsset?.decimals ?? 8;
  const available = spot.data?.list.find((r) => r.coin === from)?.available ?? '0';
  const estimate = swapEstimate(amount, fromDecimals, quote.data, toDecimals);
  const options = assets.map((a) => ({ value: a.coin, label: a.coin }));

  const submit = async () => {
    const found = validateSwap({ from, to, amount }, fromDecimals, available);
    setErrors(found);
    setFormError(null);
    if (hasErrors(found)) return;
    setSubmitting(true);
    try {
      const result = await currencyExchange({ from, to, amount }, newIdempotencyKey());
      toast.success(
        t('swap.done', {
          amount: result.amount,
          from: result.from,
          credited: result.credited,
          to: result.to,
        }),
      );
      setAmount('');
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    } catch (e) {
      setFormError(isApiError(e) ? e.msg : t('errors.generic'));
    } finally {
      setSubmitting(false);
    }
  };

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
              onChange={(v) => {
                setFrom(v);
                setAmount('');
              }}
              data-testid="swap-from"
            />
          </Field>
          <ReverseButton
            onClick={() => {
              setFrom(to);
              setTo(from);
              setAmount('');
            }}
            testId="swap-reverse"
          />
          <Field label={t('swap.to')} htmlFor="swap-to" error={errors.to} testId="swap-to">
            <Select
              id="swap-to"
              showSearch
              value={to}
              options={options}
              onChange={setTo}
              data-testid="swap-to"
            />
          </Field>
          <Field
            label={t('form.amount')}
            htmlFor="swap-amount"
            error={errors.amount}
            testId="swap-amount"
            extra={t('form.available', { amount: displayAmount(available, fromDecimals), coin: from })}
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
                <SummaryRow
                  label={t('swap.price')}
                  value={
                    quote.data ? `1 ${from} ≈ ${displayAmount(quote.data.price, toDecimals)} ${to}` : '--'
                  }
                  testId="swap-price"
                />
                <SummaryRow
                  label={t('swap.feeRate')}
                  value={quote.data ? `${displayAmount(quote.data.feeRate, 4)}` : '--'}
                  testId="swap-fee-rate"
                />
                <SummaryRow
                  label={t('swap.fee')}
                  value={estimate ? `${estimate.fee} ${to}` : '--'}
                  testId="swap-fee"
                />
                <SummaryRow
                  label={t('swap.receive')}
                  value={estimate ? `≈ ${estimate.credited} ${to}` : '--'}
                  testId="swap-receive"
                />
                {quote.data?.simulated ? (
                  <p className="wallet-text" style={{ margin: '6px 0 0' }}>
                    {t('swap.simulatedPrice')}
                  </p>
                ) : null}
              </>
            )}
          </div>
          <SubmitRow error={formError} submitting={submitting} onSubmit={() => void submit()} testId="swap">
            {t('swap.submit')}
          </SubmitRow>
        </div>
      </Form>
    </WalletCard>
  );
}
