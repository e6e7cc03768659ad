// Withdrawal (spec sections 2, 5; DESIGN section 1 "Withdrawals are honest"): coin, network, address and
// amount with "all"; the handling fee, the amount received and the total debit are shown as the amount is
// typed. Submitting opens a review of exactly what will be sent (coin, network, address, amount, fee,
// amount received), then the security check (the fund password, and the Google authenticator code when
// the account has one). A fund password must be set first. During the lock after a security change
// (password, authenticator, email or phone) the form says until when and does not submit. The body is encrypted in the browser (RSA-OAEP
// wrapped AES-GCM) before it is posted; the amount sent is the string the user saw, never reformatted.

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { useFormatTime } from '@/lib/format-time';
import { useSessionStore } from '@/lib/session-store';
import { useSettingsStore } from '@/lib/settings-store';
import { toast } from '@/lib/toast';
import { useNumberFormat } from '@/lib/use-number-format';
import { currencyAccountQuery } from '../api/get-currency-account';
import { securityStateQuery } from '../api/get-security-state';
import { getWithdrawalKey } from '../api/get-withdrawal-key';
import { submitWithdrawal } from '../api/submit-withdrawal';
import { walletKeys } from '../api/wallet-keys';
import { useCoinChoice } from '../hooks/use-coin-choice';
import { encodeFundPassword, encryptWithdrawal } from '../lib/encrypt-withdrawal';
import {
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
  useErrorText,
  WalletCard,
} from './wallet-ui';

const FIELD_OF_ERROR: Record<string, WithdrawField | 'googleCode'> = {
  FUND_PASSWORD_WRONG: 'password',
  FUND_PASSWORD_LOCKED: 'password',
  GOOGLE_CODE_REQUIRED: 'googleCode',
  GOOGLE_CODE_INVALID: 'googleCode',
  GOOGLE_CODE_USED: 'googleCode',
  GOOGLE_CODE_LOCKED: 'googleCode',
  WALLET_ADDRESS_INVALID: 'address',
  WALLET_INSUFFICIENT_BALANCE: 'amount',
  WALLET_AMOUNT_TOO_SMALL: 'amount',
};

type Step = 'form' | 'review' | 'security';

export function WithdrawForm({ onContactSupport }: { onContactSupport?: () => void }) {
  const { t } = useTranslation('wallet');
  const errorText = useErrorText();
  const fmt = useNumberFormat();
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
  const [googleCode, setGoogleCode] = useState('');
  const [googleCodeError, setGoogleCodeError] = useState<string | null>(null);
  const security = useQuery(securityStateQuery());
  const needsGoogle = security.data?.googleBound === true;
  const lockedUntil = security.data?.withdrawLockedUntil ?? null;
  const formatTime = useFormatTime();
  const [step, setStep] = useState<Step>('form');
  const [errors, setErrors] = useState<FieldErrors<WithdrawField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [needsFundPassword, setNeedsFundPassword] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const networks = asset?.networks ?? [];
  const chosenNetwork = networks.some((n) => n.network === network) ? network : networks[0]?.network;
  const decimals = asset?.decimals ?? 8;
  const preview = asset ? withdrawPreview(amount, asset) : null;
  const shown = (value: string | null | undefined) =>
    value ? `${fmt.amount(value, decimals)} ${coin}` : '--';

  /** The form's checks (everything but the fund password), then the review. */
  const review = () => {
    const found = validateWithdraw({ coin, address, amount }, asset, available);
    setErrors(found);
    setFormError(null);
    if (!hasErrors(found)) setStep('review');
  };

  const close = () => {
    setStep('form');
    setPassword('');
    setGoogleCode('');
    setGoogleCodeError(null);
    setErrors({});
  };

  const submit = async () => {
    const found = validateWithdraw({ coin, address, amount, password }, asset, available);
    setErrors(found);
    setFormError(null);
    setGoogleCodeError(null);
    if (hasErrors(found)) return;
    if (needsGoogle && !/^\d{6}$/.test(googleCode)) {
      setGoogleCodeError(t('withdraw.googleCodeInvalid'));
      return;
    }
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
          ...(needsGoogle ? { googleCode } : {}),
        },
        key,
      );
      const result = await submitWithdrawal(body, newIdempotencyKey());
      toast.success(
        t('withdraw.submitted', {
          amount: fmt.amount(result.amount, decimals),
          coin: result.coin,
          fee: fmt.amount(result.fee, decimals),
        }),
      );
      close();
      setAmount('');
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    } catch (e) {
      if (!isApiError(e)) {
        setStep('form');
        setFormError(t('errors.generic'));
      } else if (e.errorCode === 'FUND_PASSWORD_NOT_SET') {
        close();
        setNeedsFundPassword(true);
      } else if (FIELD_OF_ERROR[e.errorCode] === 'googleCode') {
        setGoogleCodeError(e.msg);
      } else if (e.errorCode === 'SECURITY_WITHDRAW_LOCKED') {
        close();
        setFormError(e.msg);
        void queryClient.invalidateQueries({ queryKey: securityStateQuery().queryKey });
      } else if (FIELD_OF_ERROR[e.errorCode] === 'password') {
        setErrors({ password: { key: 'form.server', values: { message: e.msg } } });
      } else if (FIELD_OF_ERROR[e.errorCode]) {
        // Back to the form, with the message on the field to change.
        setStep('form');
        setPassword('');
        setErrors({
          [FIELD_OF_ERROR[e.errorCode] as WithdrawField]: { key: 'form.server', values: { message: e.msg } },
        });
      } else {
        setStep('form');
        setPassword('');
        const f = e.errors[0];
        const field = f
          ? (['coin', 'address', 'amount'] as const).find((name) => name === f.field)
          : undefined;
        if (f && field) setErrors({ [field]: { key: 'form.server', values: { message: f.message } } });
        else setFormError(e.msg);
      }
    } finally {
      setSubmitting(false);
    }
  };

  const fundPasswordMissing = !hasFundPassword || needsFundPassword;
  const locked = lockedUntil !== null && new Date(lockedUntil).getTime() > Date.now();
  const passwordError = errorText(errors.password);

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
      {locked && lockedUntil ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('withdraw.locked', { until: formatTime(lockedUntil) })}
          description={t('withdraw.lockedWhy')}
          data-testid="withdraw-locked"
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
                {t('form.available', { amount: fmt.amount(available, decimals), coin })}
                {asset
                  ? ` · ${t('withdraw.min', { amount: fmt.amount(asset.minWithdraw, decimals), coin })}`
                  : ''}
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
              value={asset ? shown(asset.withdrawFee) : '--'}
              testId="withdraw-fee"
            />
            <SummaryRow
              label={t('withdraw.receive')}
              value={shown(preview?.receive)}
              testId="withdraw-receive"
            />
            <SummaryRow label={t('withdraw.total')} value={shown(preview?.total)} testId="withdraw-total" />
          </div>
          <SubmitRow
            error={formError}
            submitting={false}
            disabled={fundPasswordMissing || locked}
            onSubmit={review}
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

      <Modal
        open={step !== 'form'}
        title={step === 'security' ? t('withdraw.security.title') : t('withdraw.review.title')}
        onCancel={close}
        maskClosable={false}
        destroyOnHidden
        footer={
          step === 'review' ? (
            <div className="wallet-modal-actions">
              <Button onClick={close} data-testid="withdraw-review-back">
                {t('withdraw.review.back')}
              </Button>
              <Button
                type="primary"
                onClick={() => setStep('security')}
                data-testid="withdraw-review-confirm"
              >
                {t('withdraw.review.confirm')}
              </Button>
            </div>
          ) : (
            <div className="wallet-modal-actions">
              <Button
                onClick={() => setStep('review')}
                disabled={submitting}
                data-testid="withdraw-security-back"
              >
                {t('withdraw.review.back')}
              </Button>
              <Button
                type="primary"
                loading={submitting}
                onClick={() => void submit()}
                data-testid="withdraw-confirm"
              >
                {t('withdraw.security.submit')}
              </Button>
            </div>
          )
        }
      >
        {step === 'review' ? (
          <div data-testid="withdraw-review">
            <div className="wallet-summary wallet-summary--review">
              <SummaryRow label={t('form.coin')} value={coin} testId="withdraw-review-coin" />
              <SummaryRow
                label={t('form.network')}
                value={chosenNetwork ?? '--'}
                testId="withdraw-review-network"
              />
              <SummaryRow
                label={t('withdraw.address')}
                value={<span className="wallet-mono wallet-break">{address.trim()}</span>}
                testId="withdraw-review-address"
              />
              <SummaryRow label={t('form.amount')} value={shown(amount)} testId="withdraw-review-amount" />
              <SummaryRow
                label={t('withdraw.fee')}
                value={shown(preview?.fee)}
                testId="withdraw-review-fee"
              />
              <SummaryRow
                label={t('withdraw.receive')}
                value={<strong>{shown(preview?.receive)}</strong>}
                testId="withdraw-review-receive"
              />
              <SummaryRow
                label={t('withdraw.total')}
                value={shown(preview?.total)}
                testId="withdraw-review-total"
              />
            </div>
            <Alert type="warning" showIcon title={t('withdraw.review.warning')} />
          </div>
        ) : (
          <div data-testid="withdraw-security">
            <p className="wallet-text" data-testid="withdraw-security-summary">
              {t('withdraw.security.summary', {
                amount: shown(amount),
                network: chosenNetwork ?? '',
                address: address.trim(),
              })}
            </p>
            <Form layout="vertical" component={false}>
              <Form.Item
                label={t('withdraw.password')}
                htmlFor="withdraw-password"
                required
                validateStatus={passwordError ? 'error' : undefined}
                help={
                  passwordError ? (
                    <span data-testid="withdraw-password-error">{passwordError}</span>
                  ) : undefined
                }
              >
                <Input.Password
                  id="withdraw-password"
                  value={password}
                  autoComplete="off"
                  autoFocus
                  onChange={(e) => setPassword(e.target.value)}
                  onPressEnter={() => void submit()}
                  data-testid="withdraw-password"
                />
              </Form.Item>
              {needsGoogle ? (
                <Form.Item
                  label={t('withdraw.googleCode')}
                  htmlFor="withdraw-google-code"
                  required
                  validateStatus={googleCodeError ? 'error' : undefined}
                  help={
                    googleCodeError ? (
                      <span data-testid="withdraw-google-code-error">{googleCodeError}</span>
                    ) : undefined
                  }
                >
                  <Input
                    id="withdraw-google-code"
                    value={googleCode}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={6}
                    onChange={(e) => setGoogleCode(e.target.value.replace(/\D/g, ''))}
                    onPressEnter={() => void submit()}
                    data-testid="withdraw-google-code"
                  />
                </Form.Item>
              ) : null}
            </Form>
            <p className="wallet-text" style={{ margin: 0 }}>
              {t('withdraw.forgotten')}
            </p>
          </div>
        )}
      </Modal>
    </WalletCard>
  );
}
