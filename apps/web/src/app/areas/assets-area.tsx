// The assets area chunk: /assets/index?key=overview|finance|agreement|recharge|withdraw|swap|transfer|
// tradeOrder|records, one page of the one wallet area (wallet-frame.tsx), the same as /account/wallet/*.
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_ASSETS_INDEX_KEY } from '../search-params';
import { WalletFrame } from './wallet-frame';

const assetsRoute = getRouteApi('/assets/index');

export function AssetsIndexPage() {
  const { t } = useTranslation('routes');
  const key = assetsRoute.useSearch().key ?? DEFAULT_ASSETS_INDEX_KEY;
  return (
    <>
      <span hidden data-testid="assets-key">
        {t(`assetsKeys.${key}`)}
      </span>
      <WalletFrame page={key} />
    </>
  );
}
