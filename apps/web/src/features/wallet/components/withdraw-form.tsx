// Withdrawal (spec sections 2, 5; DESIGN section 1 "Withdrawals are honest"): coin, network, address,
// amount with "all", fund password. The handling fee, the received amount and the total debit are shown
// before submitting. A fund password must be set first. The body is encrypted in the browser (RSA-OAEP
// wrapped AES-GCM) before it is posted.

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { useSessionStore } from '@/lib/session-store';
import { useSettingsStore } from '@/lib/settings-store';
import { toast } from '@/lib/toast';
import { currencyAccountQuery } from '../api/get-currency-account';
import { getWithdrawalKey } from '../api/get-withdrawal-key';
import { submitWithdrawal } from '../api/submit-withdrawal';
import { walletKeys } from '../api/wallet-keys';
import { useCoinChoice } from '../hooks/use-coin-choice';
import { encodeFundPassword, encryptWithdrawal } from '../lib/encrypt-withdrawal';
import {
  displayAmount,
  type FieldErrors,
  hasErrors,
  maxWithdrawAmount,
  validateWithdraw,
  type WithdrawField,
  withdrawPreview,
} from '../lib/wallet-forms';
import {
  AmountInput,
  CoinField,
  Field,
  NetworkField,
  newIdempotencyKey,
  SubmitRow,
  SummaryRow,
  WalletCard,
} from './wallet-ui';

const FIELD_OF_ERROR: Record<string, WithdrawField> = {
  FUND_PASSWORD_WRONG: 'password',
  FUND_PASSWORD_LOCKED: 'password',
  WALLET_ADDRESS_INVALID: 'address',
  WALLET_INSUFFICIENT_BALANCE: 'amount',
  WALLET_AMOUNT_TOO_SMALL: 'amount',
};

export function WithdrawForm({ onContactSupport }: { onContactSupport?: () => void }) {
  const { t } = useTranslation('wallet');
  const queryClient = useQueryClient();
  const currency = useSettingsStore((s) => s.currency);
  const hasFundPassword = useSessionStore((s) => s.userInfo?.hasFundPassword === true);
  const { coin, setCoin, asset, coins } = useCoinChoice((a) => a.withdrawEnabled);
  const spot = useQuery(currencyAccountQuery('1', currency));
  const available = spot.data?.list.find((row) => row.coin === coin)?.available ?? '0';
  const [network, setNetwork] = useState<string | undefined>(undefined);
  const [address, setAddress] = useState('');
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<WithdrawField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [needsFundPassword, setNeedsFundPassword] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const networks = asset?.networks ?? [];
  const chosenNetwork = networks.some((n) => n.network === network) ? network : networks[0]?.network;
  const decimals = asset?.decimals ?? 8;
  const preview = asset ? withdrawPreview(amount, asset) : null;

  const submit = async () => {
    const found = validateWithdraw({ coin, address, amount, password }, asset, available);
    setErrors(found);
    setFormError(null);
    if (hasErrors(found)) return;
    setSubmitting(true);
    try {
      const key = await getWithdrawalKey();
      const body = await encryptWithdrawal(
        {
          coin,
          address: address.trim(),
          amount,
          tradePwd: encodeFundPassword(password),
          ...(chosenNetwork ? { network: chosenNetwork } : {}),
        },
        key,
      );
      const result = await submitWithdrawal(body, newIdempotencyKey());
      toast.success(t('withdraw.submitted', { amount: result.amount, coin: result.coin, fee: result.fee }));
      setAmount('');
      setPassword('');
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    } catch (e) {
      if (!isApiError(e)) {
        setFormError(t('errors.generic'));
      } else if (e.errorCode === 'FUND_PASSWORD_NOT_SET') {
        setNeedsFundPassword(true);
      } else if (FIELD_OF_ERROR[e.errorCode]) {
        setErrors({
          [FIELD_OF_ERROR[e.errorCode] as WithdrawField]: { key: 'form.server', values: { message: e.msg } },
        });
      } else if (e.errors[0]) {
        const f = e.errors[0];
        const field = (['coin', 'address', 'amount'] as const).find((name) => name === f.field);
        if (field) setErrors({ [field]: { key: 'form.server', values: { message: f.message } } });
        else setFormError(e.msg);
      } else {
        setFormError(e.msg);
      }
    } finally {
      setSubmitting(false);
    }
  };

  const fundPasswordMissing = !hasFundPassword || needsFundPassword;

  return (
    <WalletCard title={t('withdraw.title')} testId="withdraw-form">
      {fundPasswordMissing ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('withdraw.fundPasswordRequired')}
          data-testid="withdraw-need-fund-password"
          action={
            <Link to="/user/index" search={{ key: 'tardPwd' }} data-testid="withdraw-set-fund-password">
              {t('withdraw.setFundPassword')}
            </Link>
          }
        />
      ) : null}
      <Form layout="vertical" component={false}>
        <div className="wallet-form">
          <CoinField
            id="withdraw-coin"
            value={coin}
            coins={coins}
            onChange={setCoin}
            error={errors.coin}
            required
          />
          <NetworkField
            id="withdraw-network"
            networks={networks}
            value={chosenNetwork}
            onChange={setNetwork}
          />
          <Field
            label={t('withdraw.address')}
            htmlFor="withdraw-address"
            error={errors.address}
            required
            testId="withdraw-address"
          >
            <Input
              id="withdraw-address"
              value={address}
              autoComplete="off"
              onChange={(e) => setAddress(e.target.value)}
              data-testid="withdraw-address"
            />
          </Field>
          <Field
            label={t('form.amount')}
            htmlFor="withdraw-amount"
            error={errors.amount}
            required
            testId="withdraw-amount"
            extra={
              <span data-testid="withdraw-available">
                {t('form.available', { amount: displayAmount(available, decimals), coin })}
                {asset ? ` · ${t('withdraw.min', { amount: asset.minWithdraw, coin })}` : ''}
              </span>
            }
          >
            <AmountInput
              id="withdraw-amount"
              value={amount}
              decimals={decimals}
              onChange={setAmount}
              onAll={asset ? () => setAmount(maxWithdrawAmount(available, asset)) : undefined}
              suffix={coin}
              testId="withdraw-amount"
            />
          </Field>
          <div className="wallet-summary" data-testid="withdraw-preview">
            <SummaryRow
              label={t('withdraw.fee')}
              value={`${asset ? displayAmount(asset.withdrawFee, decimals) : '--'} ${coin}`}
              testId="withdraw-fee"
            />
            <SummaryRow
              label={t('withdraw.receive')}
              value={`${preview ? preview.receive : '--'} ${coin}`}
              testId="withdraw-receive"
            />
            <SummaryRow
              label={t('withdraw.total')}
              value={`${preview ? preview.total : '--'} ${coin}`}
              testId="withdraw-total"
            />
          </div>
          <Field
            label={t('withdraw.password')}
            htmlFor="withdraw-password"
            error={errors.password}
            required
            testId="withdraw-password"
          >
            <Input.Password
              id="withdraw-password"
              value={password}
              autoComplete="off"
              onChange={(e) => setPassword(e.target.value)}
              data-testid="withdraw-password"
            />
          </Field>
          <SubmitRow
            error={formError}
            submitting={submitting}
            disabled={fundPasswordMissing}
            onSubmit={() => void submit()}
            testId="withdraw"
          >
            {t('withdraw.submit')}
          </SubmitRow>
          <p className="wallet-text" style={{ marginTop: 16 }} data-testid="withdraw-forgotten">
            {t('withdraw.forgotten')}{' '}
            {onContactSupport ? (
              <Button type="link" size="small" onClick={onContactSupport} style={{ padding: 0 }}>
                {t('withdraw.contactSupport')}
              </Button>
            ) : null}
          </p>
          <p className="wallet-text">{t('withdraw.notice')}</p>
        </div>
      </Form>
    </WalletCard>
  );
}
