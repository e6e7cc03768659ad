// /account/center/reward-center: my promotion (invite code, link, QR code, three generations).
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PromotionPanel } from '../components/promotion-panel';
import { SignedInOnly } from '../components/signed-in-only';
import '../identity.css';

export function RewardCenterPage() {
  const { t } = useTranslation('identity');
  return (
    <div className="identity-page" data-testid="reward-center-page">
      <Typography.Title level={3} data-testid="page-title">
        {t('pages.rewards')}
      </Typography.Title>
      <SignedInOnly>
        <PromotionPanel />
      </SignedInOnly>
    </div>
  );
}
