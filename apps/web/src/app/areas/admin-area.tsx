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
import { AuditPage } from '@/features/admin/pages/audit-page';
import { ContentPage } from '@/features/admin/pages/content-page';
import { LiabilitiesPage } from '@/features/admin/pages/liabilities-page';
import { MarketsPage } from '@/features/admin/pages/markets-page';
import { OperatorsPage } from '@/features/admin/pages/operators-page';
import { ProjectionPage } from '@/features/admin/pages/projection-page';
import { RechargesPage, WithdrawalsPage } from '@/features/admin/pages/review-queue-pages';
import { SupportPage } from '@/features/admin/pages/support-page';
import { UsersPage } from '@/features/admin/pages/users-page';
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
  AuditPage as AdminAuditPage,
  ContentPage as AdminContentPage,
  LiabilitiesPage as AdminLiabilitiesPage,
  MarketsPage as AdminMarketsPage,
  OperatorsPage as AdminOperatorsPage,
  ProjectionPage as AdminProjectionPage,
  RechargesPage as AdminRechargesPage,
  SupportPage as AdminSupportPage,
  UsersPage as AdminUsersPage,
  WithdrawalsPage as AdminWithdrawalsPage,
};
