// The assets area chunk: /assets/index?key=overview|finance|...|records.
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_ASSETS_INDEX_KEY } from '../search-params';
import { AreaPage } from './area-page';

const assetsRoute = getRouteApi('/assets/index');

export function AssetsIndexPage() {
  const { t } = useTranslation('routes');
  const key = assetsRoute.useSearch().key ?? DEFAULT_ASSETS_INDEX_KEY;
  return <AreaPage page="assets" subtitle={<span data-testid="assets-key">{t(`assetsKeys.${key}`)}</span>} />;
}
