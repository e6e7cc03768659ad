// The pieces the wallet's record lists share: the page state (a filter change goes back to page 1),
// the coin and status filters, and a table that pages on the server and tags each row with a test id.
import { Select, Table, type TableColumnsType } from 'antd';
import type { HTMLAttributes } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCoinChoice } from '../hooks/use-coin-choice';

export function usePage() {
  const [current, setCurrent] = useState(1);
  /** Wraps a filter setter so that setting the filter also goes back to page 1. */
  const reset =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setCurrent(1);
    };
  return { current, setCurrent, reset };
}

export function CoinFilter({
  value,
  onChange,
  testId,
}: {
  value: string | undefined;
  onChange: (v: string | undefined) => void;
  testId?: string;
}) {
  const { t } = useTranslation('wallet');
  const { coins } = useCoinChoice();
  return (
    <Select
      allowClear
      placeholder={t('form.coin')}
      style={{ width: 140 }}
      value={value}
      onChange={onChange}
      options={coins.map((c) => ({ value: c, label: c }))}
      data-testid={testId}
    />
  );
}

export function StatusFilter<S extends number>({
  value,
  onChange,
  options,
  testId,
}: {
  value: S | undefined;
  onChange: (v: S | undefined) => void;
  options: { value: S; label: string }[];
  testId: string;
}) {
  const { t } = useTranslation('wallet');
  return (
    <Select
      allowClear
      placeholder={t('history.status')}
      style={{ width: 160 }}
      value={value}
      onChange={onChange}
      options={options}
      data-testid={testId}
    />
  );
}

export function PagedTable<T extends { id: string }>({
  query,
  current,
  pageSize,
  onPage,
  rowTestId,
  scrollX,
  columns,
}: {
  query: { isLoading: boolean; data?: { records: T[]; total: number } };
  current: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** Row test ids are `${rowTestId}-${row.id}`. */
  rowTestId: string;
  scrollX: number;
  columns: TableColumnsType<T>;
}) {
  return (
    <Table<T>
      rowKey="id"
      size="middle"
      loading={query.isLoading}
      dataSource={query.data?.records ?? []}
      onRow={(row) => ({ 'data-testid': `${rowTestId}-${row.id}` }) as HTMLAttributes<HTMLElement>}
      pagination={{
        current,
        pageSize,
        total: query.data?.total ?? 0,
        onChange: onPage,
        showSizeChanger: false,
      }}
      scroll={{ x: scrollX }}
      columns={columns}
    />
  );
}
