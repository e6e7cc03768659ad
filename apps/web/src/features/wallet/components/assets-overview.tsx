// Wallet assets: totals in USDT and in the chosen display currency, one tab per account type ('0' sums
// them all; '8' merchant only for merchants) and the per-coin balances of the selected type.
import { useQuery } from '@tanstack/react-query';
import { Alert, Checkbox, Segmented } from 'antd';
import type { ReactNode } from 'react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '@/lib/session-store';
import { useSettingsStore } from '@/lib/settings-store';
import { useNumberFormat } from '@/lib/use-number-format';
import { currencyAccountQuery } from '../api/get-currency-account';
import { walletAccountQuery } from '../api/get-wallet-account';
import { visibleAccountTypes } from '../lib/account-types';
import { isNonZero } from '../lib/wallet-forms';
import type { AccountTypeCode, CoinBalance } from '../lib/wallet-types';
import { RecordTable } from './record-table';
import { WalletCard } from './wallet-ui';

// Valuations in USDT are estimates: two decimals (truncated) read better than USDT's six.
const USDT_DECIMALS = 2;

export function AssetsOverview({ actions }: { actions?: ReactNode }) {
  const { t } = useTranslation('wallet');
  const fmt = useNumberFormat();
  const currency = useSettingsStore((s) => s.currency);
  const isMerchant = useSessionStore((s) => s.userInfo?.is_merchant === 2);
  const [type, setType] = useState<AccountTypeCode>('0');
  const [hideZero, setHideZero] = useState(false);
  const summary = useQuery(walletAccountQuery(currency));
  const balances = useQuery(currencyAccountQuery(type, currency));
  const types = visibleAccountTypes(isMerchant);

  const rows = useMemo(
    () => (balances.data?.list ?? []).filter((row) => !hideZero || isNonZero(row.total)),
    [balances.data, hideZero],
  );
  const typeTotal = summary.data?.accounts.find((a) => a.type === type);

  return (
    <div className="wallet-page" data-testid="wallet-assets">
      <WalletCard title={t('assets.title')} extra={actions} testId="wallet-totals">
        <div className="wallet-totals">
          <div>
            <div className="wallet-total__label">{t('assets.totalUsdt')}</div>
            <div className="wallet-total__value" data-testid="wallet-total-usdt">
              {summary.data ? fmt.amount(summary.data.totalUsdt, USDT_DECIMALS) : '--'}{' '}
              <span className="wallet-total__sub">USDT</span>
            </div>
          </div>
          <div>
            <div className="wallet-total__label">{t('assets.totalFiat', { currency })}</div>
            <div className="wallet-total__value" data-testid="wallet-total-fiat">
              ≈ {summary.data ? fmt.fiat(summary.data.totalFiat, summary.data.currency) : '--'}
            </div>
          </div>
        </div>
        {summary.data && summary.data.unpricedCoins.length > 0 ? (
          <Alert
            style={{ marginTop: 12 }}
            type="info"
            showIcon
            title={t('assets.unpriced', { coins: summary.data.unpricedCoins.join(', ') })}
          />
        ) : null}
      </WalletCard>

      <WalletCard
        title={
          // Never cut off: it scrolls sideways, and on phones its options wrap onto a second line.
          <div className="wallet-scroll-x wallet-account-switch" data-testid="wallet-account-switch">
            <Segmented<AccountTypeCode>
              value={type}
              onChange={setType}
              options={types.map((code) => ({
                value: code,
                label: <span data-testid={`wallet-account-tab-${code}`}>{t(`accountTypes.${code}`)}</span>,
              }))}
            />
          </div>
        }
        extra={
          <Checkbox
            checked={hideZero}
            onChange={(e) => setHideZero(e.target.checked)}
            data-testid="hide-zero"
          >
            {t('assets.hideZero')}
          </Checkbox>
        }
      >
        <p className="wallet-text" data-testid="wallet-type-total">
          {t('assets.typeTotal', {
            account: t(`accountTypes.${type}`),
            usdt: typeTotal ? fmt.amount(typeTotal.totalUsdt, USDT_DECIMALS) : '--',
            fiat: typeTotal ? fmt.fiat(typeTotal.totalFiat) : '--',
          })}
        </p>
        <RecordTable<CoinBalance>
          rows={rows}
          loading={balances.isLoading}
          rowKey={(row) => row.coin}
          rowTestId="balance-row"
          columns={[
            {
              key: 'coin',
              title: t('assets.coin'),
              card: 'title',
              render: (row) => <strong>{row.coin}</strong>,
            },
            {
              key: 'available',
              title: t('assets.available'),
              align: 'right',
              render: (row) => (
                <span className="wallet-num" data-testid={`balance-available-${row.coin}`}>
                  {fmt.amount(row.available, row.decimals)}
                </span>
              ),
            },
            {
              key: 'frozen',
              title: t('assets.frozen'),
              align: 'right',
              render: (row) => (
                <span className="wallet-num" data-testid={`balance-frozen-${row.coin}`}>
                  {fmt.amount(row.frozen, row.decimals)}
                </span>
              ),
            },
            {
              key: 'value',
              title: t('assets.valuation', { currency }),
              align: 'right',
              render: (row) =>
                row.usdtPrice === null ? (
                  <span className="wallet-total__sub">{t('assets.noPrice')}</span>
                ) : (
                  <span className="wallet-num" data-testid={`balance-value-${row.coin}`}>
                    {fmt.amount(row.usdtValue, USDT_DECIMALS)} USDT
                    <br />
                    <span className="wallet-total__sub">≈ {fmt.fiat(row.fiatValue)}</span>
                  </span>
                ),
            },
          ]}
        />
      </WalletCard>
    </div>
  );
}
