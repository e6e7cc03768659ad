// The common settings in one compact panel (for a drawer or dropdown): language, fiat currency, theme,
// time zone and time format. Every control saves immediately; there is nothing to submit.
import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatTime } from '@/lib/format-time';
import { CurrencySelect } from './currency-select';
import { LanguageSwitch } from './language-switch';
import { ThemeSwitch } from './theme-switch';
import { TimeFormatSelect } from './time-format-select';
import { TimezoneSelect } from './timezone-select';

function Row({
  label,
  children,
  inline = false,
}: {
  label: ReactNode;
  children: ReactNode;
  inline?: boolean;
}) {
  return (
    <Flex
      vertical={!inline}
      justify={inline ? 'space-between' : undefined}
      align={inline ? 'center' : undefined}
      gap={6}
    >
      <Typography.Text strong>{label}</Typography.Text>
      {children}
    </Flex>
  );
}

export function SettingsPanel() {
  const { t } = useTranslation('settings');
  const format = useFormatTime();
  return (
    <Flex vertical gap={20} style={{ width: '100%', maxWidth: 360 }} data-testid="settings-panel">
      <Row label={t('language.label')}>
        <LanguageSwitch variant="select" />
      </Row>
      <Row label={t('currency.label')}>
        <CurrencySelect />
      </Row>
      <Row label={t('theme.label')} inline>
        <ThemeSwitch />
      </Row>
      <Row label={t('timezone.label')}>
        <TimezoneSelect />
      </Row>
      <Row label={t('timeFormat.label')}>
        <TimeFormatSelect />
      </Row>
      <Typography.Text type="secondary" data-testid="settings-preview">
        {t('preview', { time: format(Date.now()) })}
      </Typography.Text>
    </Flex>
  );
}
