// The filters above the spot order lists: pair (from the market rules), side, state (history only: spec
// section 4's waiting deal, fully dealt, cancelled) and a day range read in the reader's time zone.
// Test ids: `spot-filter-pair`, `spot-filter-side`, `spot-filter-state`, `spot-filter-dates`,
// `spot-filter-reset`.
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSettingsStore } from '@/lib/settings-store';
import type { EntrustLogFilter } from '../api/get-entrust-log';
import { spotRulesQuery } from '../api/get-spot-rules';
import {
  dayRangeMs,
  SPOT_SIDES,
  SPOT_STATUS_FILTER,
  type SpotOrderStatus,
  type SpotSide,
} from '../lib/spot-order';

export interface SpotFilterValues {
  symbol?: string;
  side?: SpotSide;
  status?: SpotOrderStatus;
  /** Calendar days 'YYYY-MM-DD'. */
  from?: string;
  to?: string;
}

/** The history request's filter for the chosen values, days bounded in the reader's time zone. */
export function useEntrustFilter(values: SpotFilterValues): Omit<EntrustLogFilter, 'current' | 'size'> {
  const timezone = useSettingsStore((s) => s.timezone);
  return {
    ...(values.symbol ? { symbol: values.symbol } : {}),
    ...(values.side ? { side: values.side } : {}),
    ...(values.status !== undefined ? { status: values.status } : {}),
    ...dayRangeMs(values.from, values.to, timezone),
  };
}

export function SpotOrderFilters({
  values,
  onChange,
  fields,
}: {
  values: SpotFilterValues;
  onChange: (values: SpotFilterValues) => void;
  /** Which filters to show. */
  fields: ReadonlyArray<'pair' | 'side' | 'state' | 'dates'>;
}) {
  const { t } = useTranslation('spotOrders');
  const rules = useQuery(spotRulesQuery());
  const set = (patch: Partial<SpotFilterValues>) => {
    const next: SpotFilterValues = { ...values, ...patch };
    for (const key of Object.keys(next) as (keyof SpotFilterValues)[]) {
      if (next[key] === undefined) delete next[key];
    }
    onChange(next);
  };
  const active = Object.keys(values).length > 0;
  return (
    <div className="spot-filters" data-testid="spot-filters">
      {fields.includes('pair') ? (
        <Select
          allowClear
          showSearch
          value={values.symbol}
          placeholder={t('filters.allPairs')}
          aria-label={t('filters.pair')}
          options={(rules.data ?? []).map((r) => ({ value: r.symbol, label: r.pair }))}
          optionFilterProp="label"
          onChange={(symbol?: string) => set({ symbol })}
          className="spot-filters__select"
          data-testid="spot-filter-pair"
        />
      ) : null}
      {fields.includes('side') ? (
        <Select
          allowClear
          value={values.side}
          placeholder={t('filters.allSides')}
          aria-label={t('filters.side')}
          options={SPOT_SIDES.map((s) => ({ value: s, label: t(`side.${s}`) }))}
          onChange={(side?: SpotSide) => set({ side })}
          className="spot-filters__select"
          data-testid="spot-filter-side"
        />
      ) : null}
      {fields.includes('state') ? (
        <Select
          allowClear
          value={values.status}
          placeholder={t('filters.allStates')}
          aria-label={t('filters.state')}
          options={SPOT_STATUS_FILTER.map((s) => ({ value: s.value, label: t(s.key) }))}
          onChange={(status?: SpotOrderStatus) => set({ status })}
          className="spot-filters__select spot-filters__select--state"
          data-testid="spot-filter-state"
        />
      ) : null}
      {fields.includes('dates') ? (
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          value={[values.from ? dayjs(values.from) : null, values.to ? dayjs(values.to) : null]}
          placeholder={[t('filters.startDate'), t('filters.endDate')]}
          aria-label={t('filters.dates')}
          onChange={(range: [Dayjs | null, Dayjs | null] | null) =>
            set({
              from: range?.[0]?.format('YYYY-MM-DD'),
              to: range?.[1]?.format('YYYY-MM-DD'),
            })
          }
          className="spot-filters__dates"
          data-testid="spot-filter-dates"
        />
      ) : null}
      {active ? (
        <Button onClick={() => onChange({})} data-testid="spot-filter-reset">
          {t('actions.reset')}
        </Button>
      ) : null}
    </div>
  );
}
