// Wallet assets: totals in USDT and in the chosen display currency, one tab per account type ('0' sums
// them all; '8' merchant only for merchants) and the per-coin balances of the selected type.
import { useQuery } from '@tanstack/react-query';
import { Alert, Checkbox, Segmented, Table } from 'antd';
import type { ReactNode } from 'react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '@/lib/session-store';
import { useSettingsStore } from '@/lib/settings-store';
import { currencyAccountQuery } from '../api/get-currency-account';
import { walletAccountQuery } from '../api/get-wallet-account';
import { visibleAccountTypes } from '../lib/account-types';
import { displayAmount, isNonZero } from '../lib/wallet-forms';
import type { AccountTypeCode, CoinBalance } from '../lib/wallet-types';
import { WalletCard } from './wallet-ui';

const FIAT_DECIMALS = 2;
const USDT_DECIMALS = 2;

export function AssetsOverview({ actions }: { actions?: ReactNode }) {
  const { t } = useTranslation('wallet');
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
              {summary.data ? displayAmount(summary.data.totalUsdt, USDT_DECIMALS) : '--'}{' '}
              <span className="wallet-total__sub">USDT</span>
            </div>
          </div>
          <div>
            <div className="wallet-total__label">{t('assets.totalFiat', { currency })}</div>
            <div className="wallet-total__value" data-testid="wallet-total-fiat">
              ≈ {summary.data ? displayAmount(summary.data.totalFiat, FIAT_DECIMALS) : '--'}{' '}
              <span className="wallet-total__sub">{summary.data?.currency ?? currency}</span>
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
          <Segmented<AccountTypeCode>
            value={type}
            onChange={setType}
            options={types.map((code) => ({
              value: code,
              label: <span data-testid={`wallet-account-tab-${code}`}>{t(`accountTypes.${code}`)}</span>,
            }))}
          />
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
            usdt: typeTotal ? displayAmount(typeTotal.totalUsdt, USDT_DECIMALS) : '--',
            fiat: typeTotal ? displayAmount(typeTotal.totalFiat, FIAT_DECIMALS) : '--',
            currency,
          })}
        </p>
        <Table<CoinBalance>
          rowKey="coin"
          size="middle"
          loading={balances.isLoading}
          dataSource={rows}
          pagination={false}
          onRow={(row) => ({ 'data-testid': `balance-row-${row.coin}` }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            { title: t('assets.coin'), dataIndex: 'coin', key: 'coin' },
            {
              title: t('assets.available'),
              key: 'available',
              align: 'right',
              render: (_, row) => (
                <span className="wallet-num" data-testid={`balance-available-${row.coin}`}>
                  {displayAmount(row.available, row.decimals)}
                </span>
              ),
            },
            {
              title: t('assets.frozen'),
              key: 'frozen',
              align: 'right',
              render: (_, row) => (
                <span className="wallet-num" data-testid={`balance-frozen-${row.coin}`}>
                  {displayAmount(row.frozen, row.decimals)}
                </span>
              ),
            },
            {
              title: t('assets.valuation', { currency }),
              key: 'value',
              align: 'right',
              render: (_, row) =>
                row.usdtPrice === null ? (
                  <span className="wallet-total__sub">{t('assets.noPrice')}</span>
                ) : (
                  <span className="wallet-num">
                    {displayAmount(row.usdtValue, USDT_DECIMALS)} USDT
                    <br />
                    <span className="wallet-total__sub">
                      ≈ {displayAmount(row.fiatValue, FIAT_DECIMALS)} {currency}
                    </span>
                  </span>
                ),
            },
          ]}
        />
      </WalletCard>
    </div>
  );
}
