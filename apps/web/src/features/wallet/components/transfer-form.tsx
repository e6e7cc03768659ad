// Transfer between the user's own account types (spot, contract, finance, and merchant for merchants):
// from, to, coin, amount with "transfer all".
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { useSessionStore } from '@/lib/session-store';
import { useSettingsStore } from '@/lib/settings-store';
import { toast } from '@/lib/toast';
import { useNumberFormat } from '@/lib/use-number-format';
import { currencyAccountQuery } from '../api/get-currency-account';
import { transferFunds } from '../api/transfer-funds';
import { walletKeys } from '../api/wallet-keys';
import { useCoinChoice } from '../hooks/use-coin-choice';
import { movableAccountTypes } from '../lib/account-types';
import {
  allOf,
  type FieldErrors,
  hasErrors,
  type TransferField,
  validateTransfer,
} from '../lib/wallet-forms';
import type { MovableAccountType } from '../lib/wallet-types';
import {
  AmountInput,
  CoinField,
  Field,
  newIdempotencyKey,
  ReverseButton,
  SubmitRow,
  WalletCard,
} from './wallet-ui';

export function TransferForm() {
  const { t } = useTranslation('wallet');
  const fmt = useNumberFormat();
  const queryClient = useQueryClient();
  const currency = useSettingsStore((s) => s.currency);
  const isMerchant = useSessionStore((s) => s.userInfo?.is_merchant === 2);
  const { coin, setCoin, asset, coins } = useCoinChoice();
  const [from, setFrom] = useState<MovableAccountType>('1');
  const [to, setTo] = useState<MovableAccountType>('2');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<FieldErrors<TransferField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const source = useQuery(currencyAccountQuery(from, currency));
  const decimals = asset?.decimals ?? 8;
  const available = source.data?.list.find((r) => r.coin === coin)?.available ?? '0';
  const accountOptions = movableAccountTypes(isMerchant).map((code) => ({
    value: code,
    label: t(`accountTypes.${code}`),
  }));

  const submit = async () => {
    const found = validateTransfer({ from, to, coin, amount }, decimals, available);
    setErrors(found);
    setFormError(null);
    if (hasErrors(found)) return;
    setSubmitting(true);
    try {
      await transferFunds({ coin, amount, from, to }, newIdempotencyKey());
      toast.success(t('transfer.done'));
      setAmount('');
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    } catch (e) {
      setFormError(isApiError(e) ? e.msg : t('errors.generic'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <WalletCard title={t('transfer.title')} testId="transfer-form">
      <Form layout="vertical" component={false}>
        <div className="wallet-form">
          <Field
            label={t('transfer.from')}
            htmlFor="transfer-from"
            error={errors.from}
            testId="transfer-from"
          >
            <Select
              id="transfer-from"
              value={from}
              options={accountOptions}
              onChange={(v) => {
                setFrom(v);
                setAmount('');
              }}
              data-testid="transfer-from"
            />
          </Field>
          <ReverseButton
            onClick={() => {
              setFrom(to);
              setTo(from);
              setAmount('');
            }}
            testId="transfer-reverse"
          />
          <Field label={t('transfer.to')} htmlFor="transfer-to" error={errors.to} testId="transfer-to">
            <Select
              id="transfer-to"
              value={to}
              options={accountOptions}
              onChange={setTo}
              data-testid="transfer-to"
            />
          </Field>
          <CoinField
            id="transfer-coin"
            value={coin}
            coins={coins}
            onChange={(c) => {
              setCoin(c);
              setAmount('');
            }}
            error={errors.coin}
          />
          <Field
            label={t('form.amount')}
            htmlFor="transfer-amount"
            error={errors.amount}
            testId="transfer-amount"
            extra={t('form.available', { amount: fmt.amount(available, decimals), coin })}
          >
            <AmountInput
              id="transfer-amount"
              value={amount}
              decimals={decimals}
              onChange={setAmount}
              onAll={() => setAmount(allOf(available, decimals))}
              allLabel={t('transfer.all')}
              suffix={coin}
              testId="transfer-amount"
            />
          </Field>
          <SubmitRow
            error={formError}
            submitting={submitting}
            // Until the source balance is known, "insufficient balance" would be a guess.
            disabled={source.isPending}
            onSubmit={() => void submit()}
            testId="transfer"
          >
            {t('transfer.submit')}
          </SubmitRow>
        </div>
      </Form>
    </WalletCard>
  );
}
