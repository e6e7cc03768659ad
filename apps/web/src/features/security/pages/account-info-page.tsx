// /account/center/info: who the account is (name, UID, contacts masked, grade and tier, registration
// time) with shortcuts to the security settings.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Avatar, Descriptions, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormatTime } from '@/lib/format-time';
import { useSessionStore } from '@/lib/session-store';
import { securityInfoQuery } from '../api/security-info';
import { SectionCard, StateTag } from '../components/security-ui';

export function AccountInfoPage() {
  const { t } = useTranslation('security');
  const user = useSessionStore((s) => s.userInfo);
  const info = useQuery(securityInfoQuery());
  const formatTime = useFormatTime();
  if (!user) return <Skeleton active />;
  const d = info.data;
  return (
    <SectionCard title={t('info.title')} testId="account-info">
      <Space align="center" size={16} style={{ marginBottom: 16 }}>
        <Avatar size={56} src={user.avatar} alt="" />
        <div>
          <div className="security-info__name" data-testid="account-info-name">
            {user.account}
          </div>
          <div className="security-muted">UID {user.userId}</div>
        </div>
      </Space>
      <Descriptions column={{ xs: 1, sm: 1, md: 2 }} bordered size="small">
        <Descriptions.Item label={t('info.uid')}>{user.userId}</Descriptions.Item>
        <Descriptions.Item label={t('info.grade')}>
          {user.isVip ? t('info.vip') : t('info.normal')}
        </Descriptions.Item>
        <Descriptions.Item label={t('info.email')}>{user.email || t('state.notBound')}</Descriptions.Item>
        <Descriptions.Item label={t('info.phone')}>{user.phone || t('state.notBound')}</Descriptions.Item>
        <Descriptions.Item label={t('info.google')}>
          {d ? (
            <StateTag
              on={d.googleBound}
              onText={t('state.bound')}
              offText={t('state.notBound')}
              testId="info-google"
            />
          ) : (
            '--'
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('info.registered')}>
          {user.createdAt ? formatTime(user.createdAt) : '--'}
        </Descriptions.Item>
      </Descriptions>
      <div style={{ marginTop: 16 }}>
        <Link to="/account/center/security" data-testid="info-to-security">
          {t('info.toSecurity')}
        </Link>
      </div>
    </SectionCard>
  );
}
