// The account-centre screens this feature owns (security-sections.ts), one component for app/ to
// compose: the account info, the security overview, devices and login log, every security setting page
// and the API keys.

import { useNavigate, useRouterState } from '@tanstack/react-router';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '@/lib/session-store';
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

/** The route titles of the spec's account-centre pages (routes namespace); API keys is ours. */
const ROUTE_TITLES: Partial<Record<SecuritySection, string>> = {
  info: 'routes:pages.accountInfo.title',
  security: 'routes:pages.accountSecurity.title',
  devices: 'routes:pages.accountDevices.title',
  phone: 'routes:pages.settingPhone.title',
  google: 'routes:pages.settingGoogle.title',
  email: 'routes:pages.settingEmail.title',
  loginPwd: 'routes:pages.settingLoginPwd.title',
  tradePwd: 'routes:pages.settingTradePwd.title',
  antiCode: 'routes:pages.settingAntiCode.title',
};

/** A visitor sees the page's title and a login link that comes back here. */
function GuestPrompt({ section }: { section: SecuritySection }) {
  const { t } = useTranslation(['security', 'routes']);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const navigate = useNavigate();
  return (
    <div>
      <h1 className="account-page-title" data-testid="page-title">
        {t(ROUTE_TITLES[section] ?? 'security:items.apiKeys.title')}
      </h1>
      <Result
        status="info"
        title={t('guest.title')}
        subTitle={t('guest.text')}
        data-testid="security-guest"
        extra={
          <Button
            type="primary"
            onClick={() => void navigate({ href: `/user/login?redirect=${encodeURIComponent(pathname)}` })}
            data-testid="security-guest-login"
          >
            {t('guest.login')}
          </Button>
        }
      />
    </div>
  );
}

export function SecuritySectionPage({ section }: { section: SecuritySection }) {
  const isLogin = useSessionStore((s) => s.isLogin);
  if (!isLogin) return <GuestPrompt section={section} />;
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
