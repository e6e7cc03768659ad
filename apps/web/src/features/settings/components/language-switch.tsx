// Language picker (spec sections 1 and 3): the 14 interface languages, or the subset the operator lists
// in the system settings. Picking one loads that language's chunk, switches the interface and persists
// the choice under `lang`. Names are shown as endonyms (see i18n/language-names.ts).
import { GlobalOutlined } from '@ant-design/icons';
import { isLanguage, LANGUAGES, type Language } from '@coin/shared/languages';
import { Button, Dropdown, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '@/i18n/i18n';
import { LANGUAGE_NAMES } from '@/i18n/language-names';
import { usePlatformStore } from '@/lib/platform-store';
import { useSettingsStore } from '@/lib/settings-store';
import { toast } from '@/lib/toast';

/** The operator's language list when it names supported languages, else all 14. */
function useLanguageOptions(): Language[] {
  const configured = usePlatformStore((s) => s.settings?.languages);
  return useMemo(() => {
    const fromServer = (configured ?? []).map((l) => l.dictValue).filter(isLanguage);
    return fromServer.length > 0 ? [...new Set(fromServer)] : [...LANGUAGES];
  }, [configured]);
}

export interface LanguageSwitchProps {
  /** 'dropdown' (default): a compact button for bars; 'select': a form control for panels. */
  variant?: 'dropdown' | 'select';
}

export function LanguageSwitch({ variant = 'dropdown' }: LanguageSwitchProps) {
  const { t } = useTranslation('settings');
  const lang = useSettingsStore((s) => s.lang);
  const options = useLanguageOptions();

  const pick = (value: string) => {
    if (!isLanguage(value) || value === lang) return;
    changeLanguage(value).catch(() => toast.error(t('language.loadFailed')));
  };

  if (variant === 'select') {
    return (
      <Select
        value={lang}
        onChange={pick}
        aria-label={t('language.label')}
        style={{ width: '100%' }}
        data-testid="language-select"
        options={options.map((code) => ({
          value: code,
          label: <span data-testid={`language-option-${code}`}>{LANGUAGE_NAMES[code]}</span>,
        }))}
      />
    );
  }

  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        selectable: true,
        selectedKeys: [lang],
        onClick: ({ key }) => pick(key),
        items: options.map((code) => ({
          key: code,
          label: (
            <span data-testid={`language-option-${code}`} lang={code}>
              {LANGUAGE_NAMES[code]}
            </span>
          ),
        })),
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        aria-label={t('language.label')}
        data-testid="language-switch"
      >
        {LANGUAGE_NAMES[lang]}
      </Button>
    </Dropdown>
  );
}
