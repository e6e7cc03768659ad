// The exchange area chunk: exchange, full-screen chart of a pair (BTC_USDT) and full-screen contract.
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AreaPage } from './area-page';

const fullScreenRoute = getRouteApi('/exchange/full-screen/$pair');
const fullContractRoute = getRouteApi('/exchange/full-contract/$type');

export function ExchangeIndexPage() {
  return <AreaPage page="exchangeIndex" />;
}

export function ExchangeFullScreenPage() {
  const { pair } = fullScreenRoute.useParams();
  return <AreaPage page="exchangeFullScreen" subtitle={pair.toUpperCase().replace('_', '/')} />;
}

export function ExchangeFullContractPage() {
  const { t } = useTranslation('routes');
  const { type } = fullContractRoute.useParams();
  return <AreaPage page="exchangeFullContract" subtitle={t('contractType', { type: type.toUpperCase() })} />;
}
