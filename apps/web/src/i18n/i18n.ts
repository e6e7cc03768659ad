// Owns i18next: initialisation, the per-language lazy chunks and switching language (DESIGN section 7).
// Every `locales/<lang>/index.ts` bundles that language's namespace files, so a language costs exactly
// one chunk, fetched when first used. English is always loaded as the fallback for missing keys.
// The chosen language is recorded in the settings store (persisted under `lang`) and set on <html lang>.
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@coin/shared/languages';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { useSettingsStore } from '@/lib/settings-store';
import type { LanguageBundle } from './bundle';
import { HTML_LANG } from './language-names';

/** Spec section 9: a chunk that has not arrived after 120 s is a failure, not an endless wait. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const DEFAULT_NAMESPACE = 'common';

const loaders = import.meta.glob<LanguageBundle>('./locales/*/index.ts', { import: 'bundle' });

const loaded = new Map<Language, Promise<LanguageBundle>>();

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`chunk load timed out after ${ms} ms`)), ms);
    work.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

function loadBundle(lang: Language): Promise<LanguageBundle> {
  const cached = loaded.get(lang);
  if (cached) return cached;
  const loader = loaders[`./locales/${lang}/index.ts`];
  if (!loader) return Promise.reject(new Error(`no locale chunk for ${lang}`));
  const promise = withTimeout(loader(), CHUNK_LOAD_TIMEOUT_MS);
  loaded.set(lang, promise);
  // A failed load may succeed later (flaky network), so it is not cached.
  promise.catch(() => loaded.delete(lang));
  return promise;
}

function addBundle(lang: Language, bundle: LanguageBundle): void {
  for (const [ns, resources] of Object.entries(bundle)) {
    if (!i18next.hasResourceBundle(lang, ns)) i18next.addResourceBundle(lang, ns, resources, true, true);
  }
}

function applyHtmlLang(lang: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[lang];
}

let initPromise: Promise<I18n> | undefined;
// Only the latest switch may win when the user clicks through languages faster than chunks arrive.
let switchSeq = 0;

async function init(requested: Language): Promise<I18n> {
  let lang = requested;
  const [bundle, fallback] = await Promise.all([
    loadBundle(lang).catch(() => undefined),
    loadBundle(DEFAULT_LANGUAGE),
  ]);
  if (!bundle) lang = DEFAULT_LANGUAGE;
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: DEFAULT_LANGUAGE,
    // 'tw' is our code for Traditional Chinese; i18next must not try to split or guess it.
    load: 'currentOnly',
    defaultNS: DEFAULT_NAMESPACE,
    fallbackNS: DEFAULT_NAMESPACE,
    ns: Object.keys(fallback),
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
  addBundle(DEFAULT_LANGUAGE, fallback);
  if (bundle) addBundle(lang, bundle);
  applyHtmlLang(lang);
  if (useSettingsStore.getState().lang !== lang) useSettingsStore.getState().setLang(lang);

  // Anything that sets the store's language directly still switches the interface.
  useSettingsStore.subscribe((state) => {
    if (state.lang !== i18next.language) {
      changeLanguage(state.lang).catch(() => {
        // The chunk did not load; the interface stays in the current language.
      });
    }
  });
  return i18next;
}

/** Initialises i18next once with the given language (default: the stored one) and English as fallback. */
export function initI18n(lang?: Language): Promise<I18n> {
  if (!initPromise) initPromise = init(lang ?? useSettingsStore.getState().lang);
  return initPromise;
}

/** Loads the language's chunk, switches i18next, <html lang> and the stored setting. */
export async function changeLanguage(lang: Language): Promise<void> {
  if (!isLanguage(lang)) return;
  const seq = ++switchSeq;
  await initI18n();
  const bundle = await loadBundle(lang);
  if (seq !== switchSeq) return;
  addBundle(lang, bundle);
  await i18next.changeLanguage(lang);
  applyHtmlLang(lang);
  if (useSettingsStore.getState().lang !== lang) useSettingsStore.getState().setLang(lang);
}

export { i18next };
