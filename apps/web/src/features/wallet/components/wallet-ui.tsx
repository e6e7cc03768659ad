// Small building blocks shared by the wallet screens: coin picker, amount box (sanitized as typed, with
// an "all" button), translated form errors, status tags and the card frame.
import { Button, Form, Input, Select, Space, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type FormError, sanitizeAmount } from '../lib/wallet-forms';
import type { RechargeRow, WithdrawalRow } from '../lib/wallet-types';
import './wallet.css';

/** Translates a form error of the wallet namespace. */
export function useErrorText(): (error: FormError | undefined) => string | undefined {
  const { t } = useTranslation('wallet');
  return (error) => (error ? t(error.key, error.values) : undefined);
}

export function WalletCard({
  title,
  extra,
  children,
  testId,
}: {
  title?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section className="wallet-card" data-testid={testId}>
      {title || extra ? (
        <header className="wallet-card__header">
          {title ? <h2 className="wallet-card__title">{title}</h2> : <span />}
          {extra}
        </header>
      ) : null}
      {children}
    </section>
  );
}

export interface FieldProps {
  label: ReactNode;
  error?: FormError;
  required?: boolean;
  htmlFor?: string;
  extra?: ReactNode;
  children: ReactNode;
  testId: string;
}

export function Field({ label, error, required, htmlFor, extra, children, testId }: FieldProps) {
  const errorText = useErrorText()(error);
  return (
    <Form.Item
      label={label}
      required={required}
      htmlFor={htmlFor}
      validateStatus={errorText ? 'error' : undefined}
      help={errorText ? <span data-testid={`${testId}-error`}>{errorText}</span> : undefined}
      extra={errorText ? undefined : extra}
    >
      {children}
    </Form.Item>
  );
}

export function CoinSelect({
  id,
  value,
  coins,
  onChange,
  testId,
}: {
  id: string;
  value: string;
  coins: readonly string[];
  onChange: (coin: string) => void;
  testId: string;
}) {
  const { t } = useTranslation('wallet');
  return (
    <Select
      id={id}
      showSearch
      value={value || undefined}
      placeholder={t('form.chooseCoin')}
      options={coins.map((coin) => ({ value: coin, label: coin }))}
      onChange={onChange}
      data-testid={testId}
      style={{ width: '100%' }}
    />
  );
}

export function AmountInput({
  id,
  value,
  decimals,
  onChange,
  onAll,
  allLabel,
  suffix,
  testId,
}: {
  id: string;
  value: string;
  decimals: number;
  onChange: (value: string) => void;
  onAll?: () => void;
  allLabel?: string;
  suffix?: string;
  testId: string;
}) {
  const { t } = useTranslation('wallet');
  const input = (
    <Input
      id={id}
      value={value}
      inputMode="decimal"
      autoComplete="off"
      placeholder={t('form.amountPlaceholder')}
      onChange={(e) => onChange(sanitizeAmount(e.target.value, decimals))}
      data-testid={testId}
      suffix={suffix}
    />
  );
  if (!onAll) return input;
  return (
    <Space.Compact style={{ width: '100%' }}>
      {input}
      <Button onClick={onAll} data-testid={`${testId}-all`}>
        {allLabel ?? t('form.all')}
      </Button>
    </Space.Compact>
  );
}

export function RechargeStatusTag({ row }: { row: RechargeRow }) {
  const { t } = useTranslation('wallet');
  if (row.status === 1) return <Tag color="success">{t('status.passed')}</Tag>;
  if (row.status === 2) return <Tag color="error">{t('status.failed')}</Tag>;
  if (row.source === 'chain') {
    return (
      <Tag color="processing">
        {t('status.confirming', { done: row.confirmations, required: row.requiredConfirmations })}
      </Tag>
    );
  }
  return <Tag color="warning">{t('status.review')}</Tag>;
}

export function WithdrawalStatusTag({ status }: { status: WithdrawalRow['status'] }) {
  const { t } = useTranslation('wallet');
  if (status === 1) return <Tag color="success">{t('status.passed')}</Tag>;
  if (status === 2) return <Tag color="error">{t('status.failed')}</Tag>;
  if (status === 3) return <Tag>{t('status.cancelled')}</Tag>;
  return <Tag color="warning">{t('status.review')}</Tag>;
}

/** A label and a value in a summary box (fee, received amount, totals). */
export function SummaryRow({ label, value, testId }: { label: ReactNode; value: ReactNode; testId: string }) {
  return (
    <div className="wallet-summary__row">
      <span className="wallet-summary__label">{label}</span>
      <span className="wallet-summary__value" data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

/** A fresh Idempotency-Key per submission attempt, so a double click cannot move money twice. */
export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}
