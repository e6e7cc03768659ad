// The settings drawer: the settings feature's panel (language, display currency, theme, time zone and
// time format).
import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { SettingsPanel } from '@/features/settings/components/settings-panel';
import { useSettingsDrawerStore } from './settings-drawer-store';

export function SettingsDrawer() {
  const { t } = useTranslation('layout');
  const open = useSettingsDrawerStore((s) => s.open);
  const hide = useSettingsDrawerStore((s) => s.hide);
  return (
    <Drawer open={open} onClose={hide} placement="right" size={360} title={t('settings.title')}>
      <div data-testid="settings-drawer">
        <SettingsPanel />
      </div>
    </Drawer>
  );
}
