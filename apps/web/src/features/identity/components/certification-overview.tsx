// /user/index?key=certified: the three verification levels of spec section 6 (primary, advanced, email)
// with their states, and where to go next.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { List, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { kycStateQuery } from '../api/kyc-api';
import { StatusTag } from './status-tag';

export function CertificationOverview() {
  const { t } = useTranslation('identity');
  const state = useQuery(kycStateQuery());
  if (state.isLoading || !state.data) return <Skeleton active />;
  const { primary, advanced, email, level } = state.data;
  const rows = [
    {
      key: 'primary' as const,
      title: t('levels.primary'),
      text: t('levels.primaryText'),
      status: primary?.status,
    },
    {
      key: 'advanced' as const,
      title: t('levels.advanced'),
      text: t('levels.advancedText'),
      status: advanced?.status,
    },
  ];
  return (
    <div data-testid="certification-overview" data-level={level}>
      <Typography.Paragraph>
        {t('levels.current')} <Tag color={level > 0 ? 'green' : undefined}>{t(`levels.level${level}`)}</Tag>
      </Typography.Paragraph>
      <List
        bordered
        dataSource={rows}
        renderItem={(row) => (
          <List.Item
            data-testid={`certified-${row.key}`}
            actions={[
              <Link key="go" to="/user/index" search={{ key: row.key }}>
                {row.status === 1 ? t('levels.view') : t('levels.go')}
              </Link>,
            ]}
          >
            <List.Item.Meta title={row.title} description={row.text} />
            <StatusTag status={row.status} testId={`certified-${row.key}-status`} />
          </List.Item>
        )}
        footer={
          <div data-testid="certified-email">
            <strong>{t('levels.email')}</strong>{' '}
            {email.certified ? <Tag color="green">{t('status.passed')}</Tag> : <Tag>{t('status.none')}</Tag>}{' '}
            <Typography.Text type="secondary">
              {email.certified ? email.email : t('levels.emailText')}
            </Typography.Text>
          </div>
        }
      />
    </div>
  );
}
