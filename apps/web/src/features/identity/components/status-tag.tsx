// The review state of a certification as a coloured tag.
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { KycStatusCode } from '../lib/identity-types';
import { KYC_STATUS_COLOR, KYC_STATUS_KEY } from '../lib/kyc-status';

export function StatusTag({ status, testId }: { status: KycStatusCode | undefined; testId?: string }) {
  const { t } = useTranslation('identity');
  if (status === undefined) return <Tag data-testid={testId}>{t('status.none')}</Tag>;
  return (
    <Tag color={KYC_STATUS_COLOR[status]} data-testid={testId} data-status={status}>
      {t(`status.${KYC_STATUS_KEY[status]}`)}
    </Tag>
  );
}
