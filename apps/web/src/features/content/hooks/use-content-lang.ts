import { useSettingsStore } from '@/lib/settings-store';

/** The interface language: content is asked for in it (the server falls back to English). */
export function useContentLang(): string {
  return useSettingsStore((s) => s.lang);
}
