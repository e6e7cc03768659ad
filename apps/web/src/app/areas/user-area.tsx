// The user area chunk: sign-in pages (auth feature) and the user centre (user-center feature, with the
// liabilities feature's audit section and the identity feature's certification, bank and tier panels
// composed in). Their forms are antd components, so every page
// renders inside the antd scope (theme, locale, App context).
import { getRouteApi } from '@tanstack/react-router';
import { AntdScope } from '@/components/antd-scope';
import { LoginPage } from '@/features/auth/pages/login-page';
import { RegisterPage } from '@/features/auth/pages/register-page';
import { ResetPage } from '@/features/auth/pages/reset-page';
import { HelpCentre } from '@/features/content/components/help-centre';
import { TermsOfService } from '@/features/content/components/terms-of-service';
import {
  IDENTITY_USER_SECTIONS,
  IdentityOverviewExtra,
} from '@/features/identity/pages/user-center-sections';
import { AuditPanel } from '@/features/liabilities/components/audit-panel';
import { FundPasswordForm, LoginPasswordForm } from '@/features/security/components/password-forms';
import { UserIndexPage } from '@/features/user-center/pages/user-index-page';
import { DEFAULT_USER_INDEX_KEY } from '../search-params';

const registerRoute = getRouteApi('/user/register');
const userIndexRoute = getRouteApi('/user/index');

export function LoginRoutePage() {
  return (
    <AntdScope>
      <LoginPage />
    </AntdScope>
  );
}

export function RegisterRoutePage() {
  const { invite_code: inviteCode } = registerRoute.useSearch();
  return (
    <AntdScope>
      <RegisterPage inviteCode={inviteCode} />
    </AntdScope>
  );
}

export function ResetRoutePage() {
  return (
    <AntdScope>
      <ResetPage />
    </AntdScope>
  );
}

// The password forms of the security feature (with the authenticator code when one is bound), the same
// as on /account/center/setting/login-pwd and trade-pwd.
const USER_CENTER_SECTIONS = {
  audit: <AuditPanel />,
  loginPwd: <LoginPasswordForm />,
  tardPwd: <FundPasswordForm />,
  ...IDENTITY_USER_SECTIONS,
  termsService: <TermsOfService />,
  helper: <HelpCentre />,
};

export function UserIndexRoutePage() {
  const key = userIndexRoute.useSearch().key ?? DEFAULT_USER_INDEX_KEY;
  return (
    <AntdScope>
      <UserIndexPage tabKey={key} sections={USER_CENTER_SECTIONS} overviewExtra={<IdentityOverviewExtra />} />
    </AntdScope>
  );
}
