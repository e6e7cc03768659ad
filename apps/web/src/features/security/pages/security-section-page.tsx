// The account-centre screens this feature owns (security-sections.ts), one component for app/ to
// compose: the account info, the security overview, devices and login log, every security setting page
// and the API keys.

import { useTranslation } from 'react-i18next';
import { FundPasswordForm, LoginPasswordForm } from '../components/password-forms';
import { SectionCard } from '../components/security-ui';
import type { SecuritySection } from '../security-sections';
import { AccountInfoPage } from './account-info-page';
import { AntiCodePage } from './anti-code-page';
import { ApiKeysPage } from './api-keys-page';
import { ContactSettingPage } from './contact-setting-page';
import { DeviceManagementPage } from './device-management-page';
import { GoogleSettingPage } from './google-setting-page';
import { SecurityOverviewPage } from './security-overview-page';
import '../security.css';

function PasswordPage({ kind }: { kind: 'loginPwd' | 'tradePwd' }) {
  const { t } = useTranslation('security');
  return (
    <SectionCard
      title={t(`items.${kind}.title`)}
      testId={`${kind === 'loginPwd' ? 'login-pwd' : 'trade-pwd'}-setting`}
    >
      {kind === 'loginPwd' ? <LoginPasswordForm /> : <FundPasswordForm />}
    </SectionCard>
  );
}

export function SecuritySectionPage({ section }: { section: SecuritySection }) {
  switch (section) {
    case 'info':
      return <AccountInfoPage />;
    case 'security':
      return <SecurityOverviewPage />;
    case 'devices':
      return <DeviceManagementPage />;
    case 'apiKeys':
      return <ApiKeysPage />;
    case 'google':
      return <GoogleSettingPage />;
    case 'email':
      return <ContactSettingPage channel="email" />;
    case 'phone':
      return <ContactSettingPage channel="sms" />;
    case 'loginPwd':
    case 'tradePwd':
      return <PasswordPage kind={section} />;
    case 'antiCode':
      return <AntiCodePage />;
  }
}
