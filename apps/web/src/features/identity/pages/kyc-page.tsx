// /account/center/kyc: identity certification in one place: the three levels and their states, then the
// primary form, the advanced photos and email certification (the same panels as /user/index?key=).
import { Card, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdvancedForm } from '../components/advanced-form';
import { CertificationOverview } from '../components/certification-overview';
import { EmailCertification } from '../components/email-certification';
import { PrimaryForm } from '../components/primary-form';
import { SignedInOnly } from '../components/signed-in-only';
import '../identity.css';

export function KycPage() {
  const { t } = useTranslation('identity');
  const [tab, setTab] = useState('primary');
  return (
    <div className="identity-page" data-testid="kyc-page">
      <Typography.Title level={3} data-testid="page-title">
        {t('pages.kyc')}
      </Typography.Title>
      <SignedInOnly>
        <CertificationOverview />
        <Card size="small" style={{ marginTop: 16 }}>
          <Tabs
            activeKey={tab}
            onChange={setTab}
            items={[
              {
                key: 'primary',
                label: <span data-testid="kyc-tab-primary">{t('levels.primary')}</span>,
                children: <PrimaryForm />,
              },
              {
                key: 'advanced',
                label: <span data-testid="kyc-tab-advanced">{t('levels.advanced')}</span>,
                children: <AdvancedForm />,
              },
              {
                key: 'email',
                label: <span data-testid="kyc-tab-email">{t('levels.email')}</span>,
                children: <EmailCertification />,
              },
            ]}
          />
        </Card>
      </SignedInOnly>
    </div>
  );
}
