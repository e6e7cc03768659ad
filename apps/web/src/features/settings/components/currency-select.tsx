// Fiat display currency (spec section 3, default CNY). The list and its reference rates come from the
// system settings the shell loads at start; until they arrive, only the current choice is shown.
import { Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type CurrencyOption, usePlatformStore } from '@/lib/platform-store';
import { useSettingsStore } from '@/lib/settings-store';

/** The code a currency entry is stored under (the spec's `exchange`): `exchange_code`, e.g. 'CNY'. */
export function currencyCode(c: Pick<CurrencyOption, 'exchange_code'>): string {
  return c.exchange_code.trim();
}

export interface CurrencySelectProps {
  /** Overrides the server's list (e.g. in tests or a page that loaded its own). */
  currencies?: readonly CurrencyOption[];
}

export function CurrencySelect({ currencies }: CurrencySelectProps) {
  const { t } = useTranslation('settings');
  const fromServer = usePlatformStore((s) => s.settings?.currencies);
  const loading = usePlatformStore((s) => s.loading.includes('settings'));
  const currency = useSettingsStore((s) => s.currency);
  const setCurrency = useSettingsStore((s) => s.setCurrency);
  const list = currencies ?? fromServer ?? [];

  const options = useMemo(() => {
    const opts = list
      .filter((c) => currencyCode(c) !== '')
      .map((c) => ({
        value: currencyCode(c),
        label: (
          <span data-testid={`currency-option-${currencyCode(c)}`}>
            {c.exchange_value ? `${currencyCode(c)} (${c.exchange_value})` : currencyCode(c)}
          </span>
        ),
      }));
    // Keep the stored choice visible even before the list has loaded or if the operator removed it.
    if (!opts.some((o) => o.value === currency))
      opts.unshift({ value: currency, label: <span>{currency}</span> });
    return opts;
  }, [list, currency]);

  return (
    <Select
      value={currency}
      onChange={setCurrency}
      options={options}
      loading={loading}
      aria-label={t('currency.label')}
      style={{ width: '100%' }}
      data-testid="currency-select"
    />
  );
}
