// Bills: one row per event in an account and coin (a deposit, a withdrawal held, paid or returned, a
// transfer, a swap), newest first, with its net effect; how the available and frozen balances changed is
// the detail. Filters for coin, bill type and account type.
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatTime } from '@/lib/format-time';
import { useNumberFormat } from '@/lib/use-number-format';
import { billsQuery } from '../api/get-my-bill';
import { useDecimalsOf } from '../hooks/use-coin-choice';
import { BILL_TYPES, billTypeKey } from '../lib/bill-types';
import { amountOf } from '../lib/wallet-forms';
import type { Bill, BillPart } from '../lib/wallet-types';
import { CoinFilter, usePage } from './paged-table';
import { RecordTable } from './record-table';
import { WalletCard } from './wallet-ui';

export function BillsTable({ pageSize = 10 }: { pageSize?: number }) {
  const { t } = useTranslation('wallet');
  const formatTime = useFormatTime();
  const fmt = useNumberFormat();
  const decimalsOf = useDecimalsOf();
  const { current, setCurrent, reset } = usePage();
  const [coin, setCoin] = useState<string | undefined>(undefined);
  const [type, setType] = useState<string | undefined>(undefined);
  const [accountType, setAccountType] = useState<string | undefined>(undefined);
  const query = useQuery(billsQuery({ current, size: pageSize, coin, type, accountType }));

  /** '+12.50' / '-3.00' / '0.00' at the coin's display precision. */
  const signed = (value: string, coinCode: string) => {
    const shown = fmt.amount(value, decimalsOf(coinCode));
    return amountOf(value) > 0n ? `+${shown}` : shown;
  };
  const part = (label: string, p: BillPart | null, coinCode: string) =>
    p === null ? null : (
      <div>
        {t('bills.part', {
          part: label,
          delta: signed(p.delta, coinCode),
          balance: fmt.amount(p.balance, decimalsOf(coinCode)),
        })}
      </div>
    );

  return (
    <WalletCard title={t('bills.title')} testId="bills">
      <div className="wallet-filters">
        <CoinFilter value={coin} onChange={reset(setCoin)} testId="bills-filter-coin" />
        <Select
          allowClear
          placeholder={t('bills.type')}
          style={{ width: 200 }}
          value={type}
          onChange={reset(setType)}
          options={BILL_TYPES.map((b) => ({ value: b, label: t(billTypeKey(b)) }))}
          data-testid="bills-filter-type"
        />
        <Select
          allowClear
          placeholder={t('bills.account')}
          style={{ width: 160 }}
          value={accountType}
          onChange={reset(setAccountType)}
          options={(['1', '2', '3', '8'] as const).map((code) => ({
            value: code,
            label: t(`accountTypes.${code}`),
          }))}
        />
      </div>
      <RecordTable<Bill>
        rows={query.data?.records ?? []}
        loading={query.isLoading}
        rowKey={(r) => r.id}
        rowTestId="bill"
        paging={{ current, pageSize, total: query.data?.total ?? 0, onChange: setCurrent }}
        scrollX={860}
        columns={[
          {
            key: 'type',
            title: t('bills.type'),
            card: 'title',
            render: (r) => (
              <strong data-testid={`bill-type-${r.id}`}>
                {t(billTypeKey(r.billType), { defaultValue: r.billType })}
              </strong>
            ),
          },
          {
            key: 'delta',
            title: t('bills.change'),
            align: 'right',
            card: 'title',
            render: (r) => {
              const sign = amountOf(r.delta);
              return (
                <span
                  className={`wallet-num wallet-change wallet-change--${sign > 0n ? 'up' : sign < 0n ? 'down' : 'flat'}`}
                  data-testid={`bill-delta-${r.id}`}
                >
                  {signed(r.delta, r.coin)} {r.coin}
                </span>
              );
            },
          },
          { key: 'time', title: t('history.time'), render: (r) => formatTime(r.createTime) },
          { key: 'coin', title: t('form.coin'), card: 'hidden', render: (r) => r.coin },
          { key: 'account', title: t('bills.account'), render: (r) => t(`accountTypes.${r.accountType}`) },
          {
            key: 'details',
            title: t('bills.details'),
            render: (r) => (
              <span className="wallet-num wallet-bill-parts" data-testid={`bill-details-${r.id}`}>
                {part(t('bills.fields.available'), r.available, r.coin)}
                {part(t('bills.fields.frozen'), r.frozen, r.coin)}
              </span>
            ),
          },
        ]}
      />
    </WalletCard>
  );
}
