// The frame of a screen whose function ships with a later release: its real heading inside the main
// layout, and the shared "not available yet" state with links back to working parts of the site.
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NotAvailable } from '@/components/not-available';
import './area-page.css';

export const PAGE_IDS = [
  'quotes',
  'news',
  'trade',
  'pledgeIndex',
  'pledgeAdd',
  'pledgeOrder',
  'loanIndex',
  'loanOrder',
  'rule',
  'financeInvestment',
  'financeDetail',
  'defisIndex',
  'defisDetails',
  'assets',
  'rate',
  'market',
  'exchangeIndex',
  'exchangeFullScreen',
  'exchangeFullContract',
  'otcCommon',
  'otcOrder',
  'otcOrdinary',
  'merchantIndex',
  'merchantDeal',
  'articleIndex',
  'articleCategory',
  'articleSection',
  'articleContent',
  'accountInfo',
  'accountSecurity',
  'accountDevices',
  'accountKyc',
  'accountRewards',
  'accountMerchant',
  'accountAgents',
  'settingPhone',
  'settingGoogle',
  'settingEmail',
  'settingLoginPwd',
  'settingTradePwd',
  'settingAntiCode',
  'walletAssets',
  'walletDeposit',
  'walletWithdrawal',
  'walletHistoryDeposit',
  'walletHistoryWithdrawal',
  'walletBills',
  'entrustSpot',
  'entrustMarginAll',
  'entrustMarginFixed',
  'entrustFutureU',
  'entrustFutureCoin',
] as const;
export type PageId = (typeof PAGE_IDS)[number];

export interface AreaPageProps {
  page: PageId;
  /** Context such as the selected market or pair, already translated. */
  subtitle?: ReactNode;
  /** Extra actions (links to working screens) shown before the link home. */
  actions?: ReactNode;
  /** Drop the page container when a surrounding area layout already provides one. */
  embedded?: boolean;
}

export function AreaPage({ page, subtitle, actions, embedded = false }: AreaPageProps) {
  const { t } = useTranslation('routes');
  const title = t(`pages.${page}.title`);
  return (
    <div className={embedded ? 'area-page area-page--embedded' : 'app-container area-page'}>
      <header className="area-page__header">
        <h1 className="area-page__title" data-testid="page-title">
          {title}
        </h1>
        {subtitle ? (
          <p className="area-page__subtitle" data-testid="page-subtitle">
            {subtitle}
          </p>
        ) : null}
      </header>
      <NotAvailable feature={title} description={t(`pages.${page}.description`)}>
        {actions}
        <Link to="/home/index" className="app-link-button">
          {t('notAvailable.backHome')}
        </Link>
      </NotAvailable>
    </div>
  );
}
