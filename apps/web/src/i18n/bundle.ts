// Turns a language folder's eagerly globbed JSON files into i18next namespaces ('./auth.json' -> 'auth').
// Each `locales/<lang>/index.ts` uses it, so a new namespace file joins its language's chunk by simply
// existing; nobody has to register it.

export type Resources = Record<string, unknown>;
export type LanguageBundle = Record<string, Resources>;

export function toBundle(files: Record<string, Resources>): LanguageBundle {
  const bundle: LanguageBundle = {};
  for (const [path, resources] of Object.entries(files)) {
    const ns = /([^/]+)\.json$/.exec(path)?.[1];
    if (ns) bundle[ns] = resources;
  }
  return bundle;
}
