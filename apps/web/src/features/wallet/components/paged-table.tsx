// The pieces the wallet's record lists share: the page state (a filter change goes back to page 1) and
// the coin and status filters. The table itself is record-table.tsx.
import { Select } from 'antd';
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
