// Day/night theme toggle (spec section 3, default theme-daytime). The store puts the matching class on
// <body> and persists it; the layout feeds the same value to antd's theme algorithm.
import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSettingsStore } from '@/lib/settings-store';

export function ThemeSwitch() {
  const { t } = useTranslation('settings');
  const theme = useSettingsStore((s) => s.theme);
  const setTheme = useSettingsStore((s) => s.setTheme);
  const night = theme === 'theme-night';
  return (
    <Switch
      checked={night}
      onChange={(checked) => setTheme(checked ? 'theme-night' : 'theme-daytime')}
      checkedChildren={<MoonOutlined />}
      unCheckedChildren={<SunOutlined />}
      aria-label={night ? t('theme.toDay') : t('theme.toNight')}
      title={night ? t('theme.night') : t('theme.day')}
      data-testid="theme-switch"
      data-theme={theme}
    />
  );
}
