// The pledge (staking) area chunk: product list, subscription and orders.
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AreaPage } from './area-page';

function PledgeLinks() {
  const { t } = useTranslation('routes');
  return (
    <>
      <Link to="/pledge/index" className="app-link-button">
        {t('pages.pledgeIndex.title')}
      </Link>
      <Link to="/pledge/order" className="app-link-button">
        {t('pages.pledgeOrder.title')}
      </Link>
    </>
  );
}

export function PledgeIndexPage() {
  return <AreaPage page="pledgeIndex" />;
}

export function PledgeAddPage() {
  return <AreaPage page="pledgeAdd" actions={<PledgeLinks />} />;
}

export function PledgeOrderPage() {
  return <AreaPage page="pledgeOrder" />;
}
