// The wallet screens: /account/wallet/<section> and /assets/index?key=<key>. Both compose the same
// feature components (overview, deposit, withdraw ...), keep balances live through OWNCOIN pushes and
// ask a visitor to log in first.
import { Link } from '@tanstack/react-router';
import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '@/lib/session-store';
import { AssetsOverview } from '../components/assets-overview';
import { BillsTable } from '../components/bills-table';
import { DepositPanel } from '../components/deposit-panel';
import {
  AgreementText,
  FinanceNotAvailable,
  TradeOrderList,
  WalletOrderList,
} from '../components/order-list';
import { RechargeForm } from '../components/recharge-form';
import { RechargeHistory } from '../components/recharge-history';
import { SwapForm } from '../components/swap-form';
import { TransferForm } from '../components/transfer-form';
import { WithdrawForm } from '../components/withdraw-form';
import { WithdrawalHistory } from '../components/withdrawal-history';
import { useWalletLive } from '../hooks/use-wallet-live';
import '../components/wallet.css';

export const WALLET_SECTIONS = [
  'assets',
  'deposit',
  'withdrawal',
  'history-deposit',
  'history-withdrawal',
  'bills',
] as const;
export type WalletSection = (typeof WALLET_SECTIONS)[number];

export const ASSETS_KEYS = [
  'overview',
  'finance',
  'agreement',
  'recharge',
  'withdraw',
  'swap',
  'transfer',
  'tradeOrder',
  'records',
] as const;
export type AssetsKey = (typeof ASSETS_KEYS)[number];

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
  /** Opens the online customer service (owned by the app shell). */
  onContactSupport?: () => void;
}

function OverviewActions({ deposit, withdraw }: { deposit: ReactNode; withdraw: ReactNode }) {
  return (
    <div style={{ display: 'flex', gap: 8 }}>
      {deposit}
      {withdraw}
    </div>
  );
}

// The deposit and withdrawal screens, the same under both routes: the form(s) and the latest records.
function DepositScreen() {
  const { t } = useTranslation('wallet');
  return (
    <>
      <DepositPanel />
      <RechargeForm />
      <RechargeHistory pageSize={5} title={t('history.recentDeposits')} />
    </>
  );
}

function WithdrawScreen({ onContactSupport }: WalletPageProps) {
  const { t } = useTranslation('wallet');
  return (
    <>
      <WithdrawForm onContactSupport={onContactSupport} />
      <WithdrawalHistory pageSize={5} title={t('history.recentWithdrawals')} />
    </>
  );
}

export function WalletSectionPage({
  section,
  onContactSupport,
}: WalletPageProps & { section: WalletSection }) {
  const { t } = useTranslation('wallet');
  let content: ReactNode;
  switch (section) {
    case 'assets':
      content = (
        <AssetsOverview
          actions={
            <OverviewActions
              deposit={
                <Link to="/account/wallet/deposit" className="app-link-button app-link-button--primary">
                  {t('deposit.title')}
                </Link>
              }
              withdraw={
                <Link to="/account/wallet/withdrawal" className="app-link-button">
                  {t('withdraw.title')}
                </Link>
              }
            />
          }
        />
      );
      break;
    case 'deposit':
      content = <DepositScreen />;
      break;
    case 'withdrawal':
      content = <WithdrawScreen onContactSupport={onContactSupport} />;
      break;
    case 'history-deposit':
      content = <RechargeHistory />;
      break;
    case 'history-withdrawal':
      content = <WithdrawalHistory />;
      break;
    case 'bills':
      content = <BillsTable />;
      break;
  }
  return (
    <SignedInOnly>
      <div className="wallet-page" data-testid={`wallet-section-${section}`}>
        {content}
      </div>
    </SignedInOnly>
  );
}

export function AssetsIndexView({ tabKey, onContactSupport }: WalletPageProps & { tabKey: AssetsKey }) {
  const { t } = useTranslation('wallet');
  let content: ReactNode;
  switch (tabKey) {
    case 'overview':
      content = (
        <AssetsOverview
          actions={
            <OverviewActions
              deposit={
                <Link
                  to="/assets/index"
                  search={{ key: 'recharge' }}
                  className="app-link-button app-link-button--primary"
                >
                  {t('deposit.title')}
                </Link>
              }
              withdraw={
                <Link to="/assets/index" search={{ key: 'withdraw' }} className="app-link-button">
                  {t('withdraw.title')}
                </Link>
              }
            />
          }
        />
      );
      break;
    case 'recharge':
      content = <DepositScreen />;
      break;
    case 'withdraw':
      content = <WithdrawScreen onContactSupport={onContactSupport} />;
      break;
    case 'swap':
      content = <SwapForm />;
      break;
    case 'transfer':
      content = <TransferForm />;
      break;
    case 'records':
      content = (
        <>
          <WalletOrderList />
          <BillsTable />
        </>
      );
      break;
    case 'tradeOrder':
      content = <TradeOrderList />;
      break;
    case 'finance':
      content = <FinanceNotAvailable />;
      break;
    case 'agreement':
      content = <AgreementText />;
      break;
  }
  const body = (
    <div className="wallet-page" data-testid={`assets-section-${tabKey}`}>
      {content}
    </div>
  );
  // The terms are public; everything else shows the user's own money.
  return tabKey === 'agreement' || tabKey === 'finance' ? body : <SignedInOnly>{body}</SignedInOnly>;
}
