// Date pattern for timestamps; each option shows the current time in that pattern so the choice is
// obvious in any language.
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTimestamp } from '@/lib/format-time';
import { TIME_FORMATS, type TimeFormat, useSettingsStore } from '@/lib/settings-store';

export function TimeFormatSelect() {
  const { t } = useTranslation('settings');
  const timeFormat = useSettingsStore((s) => s.timeFormat);
  const timezone = useSettingsStore((s) => s.timezone);
  const setTimeFormat = useSettingsStore((s) => s.setTimeFormat);
  const now = Date.now();
  return (
    <Select<TimeFormat>
      value={timeFormat}
      onChange={setTimeFormat}
      options={TIME_FORMATS.map((f) => ({
        value: f,
        label: `${formatTimestamp(now, { timezone, timeFormat: f, withTime: false })} (${f})`,
      }))}
      aria-label={t('timeFormat.label')}
      style={{ width: '100%' }}
      data-testid="time-format-select"
    />
  );
}
