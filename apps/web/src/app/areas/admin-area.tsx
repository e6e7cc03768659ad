// The operator console chunk (/admin): its own layout and session, antd inside its scope. Composes the
// admin feature's pages; nothing here is shared with the user-facing areas.
import { Navigate } from '@tanstack/react-router';
import { AntdScope } from '@/components/antd-scope';
import { ConsoleLayout } from '@/features/admin/components/console-layout';
import { useAdminSession } from '@/features/admin/lib/admin-session';
import { landingPath } from '@/features/admin/lib/console-rules';
import { AdjustmentsPage } from '@/features/admin/pages/adjustments-page';
import { AdminLoginPage } from '@/features/admin/pages/admin-login-page';
import { AdminPasswordPage } from '@/features/admin/pages/admin-password-page';
import { AgentsPage } from '@/features/admin/pages/agents-page';
import { AuditPage } from '@/features/admin/pages/audit-page';
import { ContentPage } from '@/features/admin/pages/content-page';
import { EarnLoansPage } from '@/features/admin/pages/earn-loans-page';
import { EarnPoolsPage } from '@/features/admin/pages/earn-pools-page';
import { EarnProductsPage } from '@/features/admin/pages/earn-products-page';
import { KycReviewPage } from '@/features/admin/pages/kyc-review-page';
import { LiabilitiesPage } from '@/features/admin/pages/liabilities-page';
import { MarketsPage } from '@/features/admin/pages/markets-page';
import { OperatorsPage } from '@/features/admin/pages/operators-page';
import { OtcConsolePage } from '@/features/admin/pages/otc-console-page';
import { ProjectionPage } from '@/features/admin/pages/projection-page';
import { RechargesPage, WithdrawalsPage } from '@/features/admin/pages/review-queue-pages';
import { SecondsConsolePage } from '@/features/admin/pages/seconds-console-page';
import { SolvencyPage } from '@/features/admin/pages/solvency-page';
import { SupportPage } from '@/features/admin/pages/support-page';
import { UsersPage } from '@/features/admin/pages/users-page';
import { ContractsConsolePage } from '@/features/contracts/pages/contracts-console-page';
import { MarginConsolePage } from '@/features/margin/pages/margin-console-page';
import '@/features/admin/admin.css';

export function AdminLayoutPage() {
  return (
    <AntdScope>
      <ConsoleLayout />
    </AntdScope>
  );
}

export function AdminIndexPage() {
  const operator = useAdminSession((s) => s.operator);
  return <Navigate to={operator ? landingPath(operator) : '/admin/login'} replace />;
}

export {
  AdjustmentsPage as AdminAdjustmentsPage,
  AdminLoginPage,
  AdminPasswordPage,
  AgentsPage as AdminAgentsPage,
  AuditPage as AdminAuditPage,
  ContentPage as AdminContentPage,
  ContractsConsolePage as AdminContractsPage,
  EarnLoansPage as AdminEarnLoansPage,
  EarnPoolsPage as AdminEarnPoolsPage,
  EarnProductsPage as AdminEarnProductsPage,
  KycReviewPage as AdminKycPage,
  LiabilitiesPage as AdminLiabilitiesPage,
  MarginConsolePage as AdminMarginPage,
  MarketsPage as AdminMarketsPage,
  OperatorsPage as AdminOperatorsPage,
  OtcConsolePage as AdminOtcPage,
  ProjectionPage as AdminProjectionPage,
  RechargesPage as AdminRechargesPage,
  SecondsConsolePage as AdminSecondsPage,
  SolvencyPage as AdminSolvencyPage,
  SupportPage as AdminSupportPage,
  UsersPage as AdminUsersPage,
  WithdrawalsPage as AdminWithdrawalsPage,
};
