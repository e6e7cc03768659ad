// The asset-security fund claim with the fund's live balance (DESIGN section 1: "claims are facts").
// Every fee is split by a posting rule, 10 percent to the fund's ledger account; GET /api/common/securityFund
// returns that account's balance per asset and its USDT value. It is refetched every 15 s, so the figure
// moves as fees are paid. A fresh deployment shows zero, honestly.
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppButton } from '@/components/button';
import { apiGet } from '@/lib/api-client';
import { useNumberFormat } from '@/lib/use-number-format';
import { shareToPercent } from '../lib/fund-display';

// Values are truncated to these decimals, never rounded up.
const USDT_DECIMALS = 2;
const BALANCE_DECIMALS = 8;

export const SECURITY_FUND_PATH = '/api/common/securityFund';
const REFRESH_MS = 15_000;

interface FundAsset {
  coin: string;
  balance: string;
  usdtValue: string | null;
}

interface SecurityFund {
  assets: FundAsset[];
  totalUsdt: string;
  feeShare: string;
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

function readFund(value: unknown): SecurityFund {
  const o = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const assets = Array.isArray(o.assets) ? o.assets : [];
  return {
    assets: assets
      .filter((a): a is Record<string, unknown> => typeof a === 'object' && a !== null)
      .map((a) => ({ coin: str(a.coin), balance: str(a.balance), usdtValue: str(a.usdtValue) || null })),
    totalUsdt: str(o.totalUsdt) || '0',
    feeShare: str(o.feeShare),
  };
}

export function SecurityFundSection() {
  const { t } = useTranslation('home');
  const fmt = useNumberFormat();
  const query = useQuery({
    queryKey: ['home', 'securityFund'],
    queryFn: async ({ signal }) =>
      readFund(await apiGet<unknown>(SECURITY_FUND_PATH, undefined, { silent: true, signal })),
    refetchInterval: REFRESH_MS,
    staleTime: REFRESH_MS,
  });
  const fund = query.data;
  const percent = shareToPercent(fund?.feeShare) || '10';
  const assets = (fund?.assets ?? []).filter((a) => a.coin !== '');

  let body: ReactNode;
  if (!fund && query.isError) {
    body = (
      <div className="home-fund__state">
        <p>{t('fund.failed')}</p>
        <AppButton onClick={() => void query.refetch()} loading={query.isFetching}>
          {t('hotCoins.retry')}
        </AppButton>
      </div>
    );
  } else if (!fund) {
    body = <p className="home-fund__state">{t('fund.loading')}</p>;
  } else {
    body = (
      <>
        <div className="home-fund__total">
          <span className="home-fund__total-label">{t('fund.total')}</span>
          <span className="home-fund__total-value" data-testid="security-fund-total">
            {fmt.number(fund.totalUsdt, USDT_DECIMALS)} <small>USDT</small>
          </span>
        </div>
        {assets.length === 0 ? (
          <p className="home-fund__empty" data-testid="security-fund-empty">
            {t('fund.empty')}
          </p>
        ) : (
          <table className="home-fund__table" data-testid="security-fund-assets">
            <thead>
              <tr>
                <th scope="col">{t('fund.asset')}</th>
                <th scope="col" className="home-fund__num">
                  {t('fund.balance')}
                </th>
                <th scope="col" className="home-fund__num">
                  {t('fund.value')}
                </th>
              </tr>
            </thead>
            <tbody>
              {assets.map((a) => (
                <tr key={a.coin}>
                  <th scope="row">{a.coin.toUpperCase()}</th>
                  <td className="home-fund__num">{fmt.number(a.balance, BALANCE_DECIMALS)}</td>
                  <td className="home-fund__num">
                    {a.usdtValue === null ? '--' : fmt.number(a.usdtValue, USDT_DECIMALS)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </>
    );
  }

  return (
    <section className="home-section" aria-labelledby="home-fund" data-testid="security-fund-balance">
      <div className="home-card home-fund">
        <div className="home-fund__claim">
          <span className="home-fund__icon" aria-hidden>
            <SafetyCertificateOutlined />
          </span>
          <div>
            <h2 id="home-fund" className="home-section__title">
              {t('fund.title')}
            </h2>
            <p className="home-fund__text">{t('fund.claim', { percent })}</p>
            <p className="home-fund__note">{t('fund.note')}</p>
          </div>
        </div>
        <div className="home-fund__balance" aria-live="polite">
          {body}
        </div>
      </div>
    </section>
  );
}
