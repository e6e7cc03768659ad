// The wallet's screens, one per page of the one wallet area: the spec's /assets/index?key=<key> and
// /account/wallet/<section> routes both land here (app/ maps each route to a page id), so a page looks and
// works the same whichever way the user came. Balances stay live through OWNCOIN pushes; a visitor is
// asked to log in first (the wallet terms and the finance note are public).
import { Link } from '@tanstack/react-router';
import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '@/lib/session-store';
import { AssetsOverview } from '../components/assets-overview';
import { BillsTable } from '../components/bills-table';
import { DepositPanel } from '../components/deposit-panel';
import { AgreementText, FinanceNotAvailable, WalletOrderList } from '../components/order-list';
import { RechargeForm } from '../components/recharge-form';
import { RechargeHistory } from '../components/recharge-history';
import { SwapForm } from '../components/swap-form';
import { TransferForm } from '../components/transfer-form';
import { WithdrawForm } from '../components/withdraw-form';
import { WithdrawalHistory } from '../components/withdrawal-history';
import { useWalletLive } from '../hooks/use-wallet-live';
import '../components/wallet.css';
import type { WalletPageId } from '../wallet-page-ids';

/** Pages a visitor may read without logging in. */
const PUBLIC_PAGES: ReadonlySet<WalletPageId> = new Set(['agreement', 'finance']);

function SignedInOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation('wallet');
  const isLogin = useSessionStore((s) => s.isLogin);
  if (!isLogin) {
    return (
      <Result
        status="info"
        title={t('guest.title')}
        subTitle={t('guest.text')}
        data-testid="wallet-guest"
        extra={
          <Link to="/user/login">
            <Button type="primary">{t('guest.login')}</Button>
          </Link>
        }
      />
    );
  }
  return <LiveWallet>{children}</LiveWallet>;
}

function LiveWallet({ children }: { children: ReactNode }) {
  useWalletLive();
  return <>{children}</>;
}

export interface WalletPageProps {
  page: WalletPageId;
  /** Opens the online customer service (owned by the app shell). */
  onContactSupport?: () => void;
  /** The order centre's trade orders (the spot feature's, composed by app/). */
  tradeOrders?: ReactNode;
}

function OverviewActions() {
  const { t } = useTranslation('wallet');
  return (
    <div style={{ display: 'flex', gap: 8 }}>
      <Link
        to="/assets/index"
        search={{ key: 'recharge' }}
        className="app-link-button app-link-button--primary"
        data-testid="overview-deposit"
      >
        {t('deposit.title')}
      </Link>
      <Link
        to="/assets/index"
        search={{ key: 'withdraw' }}
        className="app-link-button"
        data-testid="overview-withdraw"
      >
        {t('withdraw.title')}
      </Link>
    </div>
  );
}

function PageContent({ page, onContactSupport, tradeOrders }: WalletPageProps): ReactNode {
  const { t } = useTranslation('wallet');
  switch (page) {
    case 'overview':
      return <AssetsOverview actions={<OverviewActions />} />;
    case 'recharge':
      return (
        <>
          <DepositPanel />
          <RechargeForm />
          <RechargeHistory pageSize={5} title={t('history.recentDeposits')} />
        </>
      );
    case 'withdraw':
      return (
        <>
          <WithdrawForm onContactSupport={onContactSupport} />
          <WithdrawalHistory pageSize={5} title={t('history.recentWithdrawals')} />
        </>
      );
    case 'swap':
      return <SwapForm />;
    case 'transfer':
      return <TransferForm />;
    case 'history-deposit':
      return <RechargeHistory />;
    case 'history-withdrawal':
      return <WithdrawalHistory />;
    case 'bills':
      return <BillsTable />;
    case 'tradeOrder':
      return tradeOrders ?? null;
    case 'records':
      return (
        <>
          <WalletOrderList />
          <BillsTable />
        </>
      );
    case 'finance':
      return <FinanceNotAvailable />;
    case 'agreement':
      return <AgreementText />;
  }
}

export function WalletPage({ page, onContactSupport, tradeOrders }: WalletPageProps) {
  const body = (
    <div className="wallet-page" data-testid={`wallet-page-${page}`}>
      <PageContent page={page} onContactSupport={onContactSupport} tradeOrders={tradeOrders} />
    </div>
  );
  return PUBLIC_PAGES.has(page) ? body : <SignedInOnly>{body}</SignedInOnly>;
}
