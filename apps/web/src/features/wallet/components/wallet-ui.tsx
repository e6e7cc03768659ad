// Small building blocks shared by the wallet screens: coin picker and field, network field, amount box
// (corrected as typed, saying what was corrected, with an "all" button), reverse button, error-and-submit
// row, translated form errors, status tags and the card frame.
import { type InputCorrection, normalizeTypedNumber } from '@coin/shared/number-input';
import { Alert, Button, Form, Input, Select, Space, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '@/lib/use-number-format';
import type { StatusLabel } from '../lib/record-status';
import type { FormError } from '../lib/wallet-forms';
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

/** The coin field of a form; `id` is also the test id of the field and of the picker. */
export function CoinField({
  id,
  value,
  coins,
  onChange,
  error,
  required,
}: {
  id: string;
  value: string;
  coins: readonly string[];
  onChange: (coin: string) => void;
  error?: FormError;
  required?: boolean;
}) {
  const { t } = useTranslation('wallet');
  return (
    <Field label={t('form.coin')} htmlFor={id} error={error} required={required} testId={id}>
      <CoinSelect id={id} value={value} coins={coins} onChange={onChange} testId={id} />
    </Field>
  );
}

/** The network picker, shown only when the coin has more than one network. */
export function NetworkField({
  id,
  networks,
  value,
  onChange,
}: {
  id: string;
  networks: readonly { network: string }[];
  value: string | undefined;
  onChange: (network: string) => void;
}) {
  const { t } = useTranslation('wallet');
  if (networks.length <= 1) return null;
  return (
    <Field label={t('form.network')} htmlFor={id} testId={id}>
      <Select
        id={id}
        value={value}
        onChange={onChange}
        options={networks.map((n) => ({ value: n.network, label: n.network }))}
      />
    </Field>
  );
}

/** The "⇅ reverse" button between the from and to pickers. */
export function ReverseButton({ onClick, testId }: { onClick: () => void; testId: string }) {
  const { t } = useTranslation('wallet');
  return (
    <Button onClick={onClick} style={{ marginBottom: 12 }} data-testid={testId}>
      ⇅ {t('swap.reverse')}
    </Button>
  );
}

/** The form's error, if any, above its submit button (test ids `<testId>-error` and `<testId>-submit`). */
export function SubmitRow({
  error,
  submitting,
  disabled,
  onSubmit,
  testId,
  children,
}: {
  error: string | null | undefined;
  submitting: boolean;
  disabled?: boolean;
  onSubmit: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <>
      {error ? (
        <Alert
          type="error"
          showIcon
          title={error}
          style={{ marginBottom: 16 }}
          data-testid={`${testId}-error`}
        />
      ) : null}
      <Button
        type="primary"
        loading={submitting}
        disabled={disabled}
        onClick={onSubmit}
        data-testid={`${testId}-submit`}
      >
        {children}
      </Button>
    </>
  );
}

/**
 * An amount box. A keystroke the number rules would change (a letter, a second point, too many decimals,
 * a leading point) is corrected at once and the box says what it corrected, so what is submitted is
 * exactly what the user sees; in a language that writes decimals with a comma, a typed comma is the
 * decimal point. The note is `<testId>-corrected`.
 */
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
  const { decimalSeparator } = useNumberFormat();
  const [corrections, setCorrections] = useState<InputCorrection[]>([]);
  const input = (
    <Input
      id={id}
      value={value}
      inputMode="decimal"
      autoComplete="off"
      placeholder={t('form.amountPlaceholder')}
      onChange={(e) => {
        const typed = normalizeTypedNumber(e.target.value, decimals, decimalSeparator);
        setCorrections(typed.corrections);
        onChange(typed.value);
      }}
      data-testid={testId}
      suffix={suffix}
    />
  );
  const note =
    corrections.length > 0 ? (
      <div className="wallet-corrected" role="status" data-testid={`${testId}-corrected`}>
        {corrections
          .map((c) => t(`form.corrected.${c}`, { decimals, coin: suffix ?? '', mark: decimalSeparator }))
          .join(' ')}
      </div>
    ) : null;
  if (!onAll) {
    return (
      <>
        {input}
        {note}
      </>
    );
  }
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        {input}
        <Button
          onClick={() => {
            setCorrections([]);
            onAll();
          }}
          data-testid={`${testId}-all`}
        >
          {allLabel ?? t('form.all')}
        </Button>
      </Space.Compact>
      {note}
    </>
  );
}

/** A record's state in words (lib/record-status.ts) as a coloured tag. */
export function RecordStatus({ label }: { label: StatusLabel }) {
  const { t } = useTranslation('wallet');
  return <Tag color={label.tone === 'default' ? undefined : label.tone}>{t(label.key, label.values)}</Tag>;
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
