// Small building blocks of the security pages: a section card, form-level alerts, a send-code button
// with its countdown, and a state tag.
import { Alert, Button, Card, Tag } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';

export function SectionCard({
  title,
  extra,
  testId,
  children,
}: {
  title: ReactNode;
  extra?: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card title={title} extra={extra} data-testid={testId} className="security-card">
      {children}
    </Card>
  );
}

export function FormMessage({
  type,
  message,
  testId,
}: {
  type: 'error' | 'success' | 'info' | 'warning';
  message: ReactNode | null;
  testId: string;
}) {
  if (!message) return null;
  return <Alert type={type} showIcon title={message} style={{ marginBottom: 16 }} data-testid={testId} />;
}

/** The text to show for a failed call: the server's localized message, or the generic one. */
export function useErrorMessage() {
  const { t } = useTranslation('common');
  return (e: unknown) => (isApiError(e) ? e.msg : t('errors.generic'));
}

const RESEND_SECONDS = 60;

/** Sends a code; counts down before it may send again. */
export function SendCodeButton({
  onSend,
  testId,
  disabled,
}: {
  onSend(): Promise<void>;
  testId: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('security');
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return (
    <Button
      onClick={async () => {
        setSending(true);
        try {
          await onSend();
          setLeft(RESEND_SECONDS);
        } catch {
          // The caller shows why.
        } finally {
          setSending(false);
        }
      }}
      loading={sending}
      disabled={disabled || left > 0}
      data-testid={testId}
    >
      {left > 0 ? t('code.resendIn', { seconds: left }) : t('code.send')}
    </Button>
  );
}

export function StateTag({
  on,
  onText,
  offText,
  testId,
}: {
  on: boolean;
  onText: string;
  offText: string;
  testId?: string;
}) {
  return (
    <Tag color={on ? 'success' : 'default'} data-testid={testId} data-state={on ? 'on' : 'off'}>
      {on ? onText : offText}
    </Tag>
  );
}
