// Lazily loads a component that uses antd together with the antd scope (theme, locale, App context) and
// renders it inside that scope. Both downloads start when the component first renders, in parallel, so
// the module that uses this helper keeps antd out of its own chunk; it first renders once antd's texts
// for the current language are there too.
import { type ComponentType, lazy } from 'react';
import { useSettingsStore } from '@/lib/settings-store';

export function lazyInAntdScope<P extends object>(
  loadComponent: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  return lazy(async () => {
    const [Component, { AntdScope, loadAntdLocale }] = await Promise.all([
      loadComponent(),
      import('./antd-scope'),
    ]);
    await loadAntdLocale(useSettingsStore.getState().lang);
    function Scoped(props: P) {
      return (
        <AntdScope>
          <Component {...props} />
        </AntdScope>
      );
    }
    return { default: Scoped };
  });
}
