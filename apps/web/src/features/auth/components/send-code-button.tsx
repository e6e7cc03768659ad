// "Send code" with the 60 s resend countdown. The parent validates the target and calls the API;
// the countdown starts only when the code was actually sent.
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../hooks/use-countdown';

export interface SendCodeButtonProps {
  /** Resolves true when a code was sent (start the countdown), false otherwise. */
  onSend(): Promise<boolean>;
  testId?: string;
}

export function SendCodeButton({ onSend, testId = 'send-code' }: SendCodeButtonProps) {
  const { t } = useTranslation('auth');
  const { remaining, start } = useCountdown();
  const [sending, setSending] = useState(false);

  const click = async () => {
    setSending(true);
    try {
      if (await onSend()) start();
    } finally {
      setSending(false);
    }
  };

  return (
    <Button
      onClick={click}
      loading={sending}
      disabled={remaining > 0}
      data-testid={testId}
      style={{ minWidth: 116 }}
    >
      {remaining > 0 ? t('code.resendIn', { seconds: remaining }) : t('code.send')}
    </Button>
  );
}
