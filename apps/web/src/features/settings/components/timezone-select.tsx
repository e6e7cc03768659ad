// Time zone picker over the spec's 38-entry table (default Asia/Hong_Kong). Labels show the standard
// UTC offset and the IANA location; times shown elsewhere follow the zone's daylight saving rules.
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatUtcOffset, TIMEZONES, useSettingsStore } from '@/lib/settings-store';

function cityOf(name: string): string {
  return (name.split('/').pop() ?? name).replaceAll('_', ' ');
}

const OPTIONS = TIMEZONES.map((z) => ({
  value: z.name,
  label: `(UTC${formatUtcOffset(z.offset)}) ${cityOf(z.name)}`,
}));

export function TimezoneSelect() {
  const { t } = useTranslation('settings');
  const timezone = useSettingsStore((s) => s.timezone);
  const setTimezone = useSettingsStore((s) => s.setTimezone);
  return (
    <Select
      value={timezone}
      onChange={setTimezone}
      options={OPTIONS}
      showSearch={{ optionFilterProp: 'label' }}
      aria-label={t('timezone.label')}
      style={{ width: '100%' }}
      data-testid="timezone-select"
    />
  );
}
