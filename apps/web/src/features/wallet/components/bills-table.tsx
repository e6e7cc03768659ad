// Bills: every change of the user's balances (one line per account field per command), newest first,
// with filters for coin, bill type and account type.
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatTime } from '@/lib/format-time';
import { billsQuery } from '../api/get-my-bill';
import { BILL_TYPES, billTypeKey } from '../lib/bill-types';
import { amountOf } from '../lib/wallet-forms';
import type { Bill } from '../lib/wallet-types';
import { CoinFilter, PagedTable, usePage } from './paged-table';
import { WalletCard } from './wallet-ui';

export function BillsTable({ pageSize = 10 }: { pageSize?: number }) {
  const { t } = useTranslation('wallet');
  const formatTime = useFormatTime();
  const { current, setCurrent, reset } = usePage();
  const [coin, setCoin] = useState<string | undefined>(undefined);
  const [type, setType] = useState<string | undefined>(undefined);
  const [accountType, setAccountType] = useState<string | undefined>(undefined);
  const query = useQuery(billsQuery({ current, size: pageSize, coin, type, accountType }));

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
      <PagedTable<Bill>
        query={query}
        current={current}
        pageSize={pageSize}
        onPage={setCurrent}
        rowTestId="bill"
        scrollX={760}
        columns={[
          { title: t('history.time'), key: 'time', render: (_, r) => formatTime(r.createTime) },
          {
            title: t('bills.type'),
            key: 'type',
            render: (_, r) => t(billTypeKey(r.billType), { defaultValue: r.billType }),
          },
          { title: t('form.coin'), dataIndex: 'coin', key: 'coin' },
          { title: t('bills.account'), key: 'account', render: (_, r) => t(`accountTypes.${r.accountType}`) },
          { title: t('bills.field'), key: 'field', render: (_, r) => t(`bills.fields.${r.field}`) },
          {
            title: t('bills.change'),
            key: 'delta',
            align: 'right',
            render: (_, r) => (
              <span
                className="wallet-num"
                style={{
                  color: amountOf(r.delta) < 0n ? 'var(--app-error, #cf1322)' : 'var(--app-success, #389e0d)',
                }}
              >
                {r.delta.startsWith('-') ? r.delta : `+${r.delta}`}
              </span>
            ),
          },
          {
            title: t('bills.balance'),
            key: 'balance',
            align: 'right',
            render: (_, r) => <span className="wallet-num">{r.balance}</span>,
          },
        ]}
      />
    </WalletCard>
  );
}
