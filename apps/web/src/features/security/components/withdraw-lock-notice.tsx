// Tells the user that withdrawals are locked after a security change, and until when.
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormatTime } from '@/lib/format-time';
import type { SecurityInfo } from '../api/security-info';

export function WithdrawLockNotice({ info }: { info: SecurityInfo | undefined }) {
  const { t } = useTranslation('security');
  const formatTime = useFormatTime();
  if (!info?.withdrawLockedUntil) return null;
  const reason = info.withdrawLockReason ?? 'other';
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="withdraw-lock-notice"
      title={t('lock.title', { until: formatTime(info.withdrawLockedUntil) })}
      description={t('lock.description', {
        reason: t(`lock.reasons.${reason}`, { defaultValue: t('lock.reasons.other') }),
      })}
    />
  );
}
