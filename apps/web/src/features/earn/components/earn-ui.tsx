// Building blocks of the earn screens: the page head with its links, cards, a grid of labelled figures,
// summary rows, the typed-amount box (corrected as typed, at most the coin's decimals), status tags and
// the prompt a visitor sees instead of a signed-in screen.
import { normalizeTypedNumber } from '@coin/shared/number-input';
import { Link } from '@tanstack/react-router';
import { Input, Result, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '@/lib/session-store';
import { useNumberFormat } from '@/lib/use-number-format';
import './earn.css';

export function EarnHead({
  title,
  subtitle,
  links,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  links?: ReactNode;
}) {
  return (
    <header className="earn-head">
      <div>
        <h1 className="earn-head__title" data-testid="page-title">
          {title}
        </h1>
        {subtitle ? <p className="earn-head__subtitle">{subtitle}</p> : null}
      </div>
      {links ? <nav className="earn-head__links">{links}</nav> : null}
    </header>
  );
}

export function EarnCard({
  title,
  children,
  testId,
}: {
  title?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section className="earn-card" data-testid={testId}>
      {title ? <h2 className="earn-card__title">{title}</h2> : null}
      {children}
    </section>
  );
}

export interface StatItem {
  /** Also the row's key: labels within one list differ. */
  label: string;
  value: ReactNode;
  testId?: string;
}

export function Stats({ items }: { items: StatItem[] }) {
  return (
    <div className="earn-stats">
      {items.map((item) => (
        <div key={item.testId ?? String(item.label)}>
          <div className="earn-stat__label">{item.label}</div>
          <div className="earn-stat__value" data-testid={item.testId}>
            {item.value}
          </div>
        </div>
      ))}
    </div>
  );
}

export function Summary({ rows }: { rows: StatItem[] }) {
  return (
    <div className="earn-summary">
      {rows.map((row) => (
        <div key={row.testId ?? String(row.label)} className="earn-summary__row">
          <span className="earn-summary__label">{row.label}</span>
          <span className="earn-summary__value" data-testid={row.testId}>
            {row.value}
          </span>
        </div>
      ))}
    </div>
  );
}

/** An amount box: only digits and one decimal point, at most `decimals` places (spec section 5). */
export function AmountInput({
  value,
  onChange,
  decimals,
  suffix,
  testId,
  id,
}: {
  value: string;
  onChange: (value: string) => void;
  decimals: number;
  suffix?: ReactNode;
  testId: string;
  id?: string;
}) {
  const { decimalSeparator } = useNumberFormat();
  return (
    <Input
      id={id}
      inputMode="decimal"
      value={value}
      suffix={suffix}
      data-testid={testId}
      onChange={(e) => onChange(normalizeTypedNumber(e.target.value, decimals, decimalSeparator).value)}
    />
  );
}

/** Order status: in progress, completed, redeemed. */
export function OrderStatusTag({ status, testId }: { status: string; testId?: string }) {
  const { t } = useTranslation('earn');
  const color = status === 'active' ? 'processing' : status === 'completed' ? 'success' : 'default';
  return (
    <Tag color={color} data-testid={testId}>
      {t(`status.${status}`)}
    </Tag>
  );
}

/** Loan status: pending review, repaying (approved), failed, settled, overdue. */
export function LoanStatusTag({ status, testId }: { status: string; testId?: string }) {
  const { t } = useTranslation('earn');
  const colors: Record<string, string> = {
    pending: 'warning',
    repaying: 'processing',
    failed: 'error',
    settled: 'success',
    overdue: 'error',
  };
  return (
    <Tag color={colors[status] ?? 'default'} data-testid={testId}>
      {t(`loanStatus.${status}`)}
    </Tag>
  );
}

/** A visitor sees a prompt to log in instead of `children`. */
export function SignedInOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation('earn');
  const isLogin = useSessionStore((s) => s.isLogin);
  if (isLogin) return <>{children}</>;
  return (
    <Result
      status="info"
      title={t('guest.title')}
      subTitle={t('guest.text')}
      data-testid="earn-guest"
      extra={
        <Link to="/user/login" className="app-link-button app-link-button--primary">
          {t('guest.login')}
        </Link>
      }
    />
  );
}
