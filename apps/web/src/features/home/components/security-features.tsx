// Security features, stated as the rules they are (spec section 1): 10 percent of every transaction fee
// goes to the asset-security fund; withdrawals are credited within 24 hours and carry a fee. Automatic
// risk control, automatic mining and account financing are not activated, and say so.
import {
  FieldTimeOutlined,
  FundOutlined,
  RadarChartOutlined,
  SafetyOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionHeader } from './section-header';

const FEATURES: ReadonlyArray<{ key: string; active: boolean; icon: ReactNode }> = [
  { key: 'fund', active: true, icon: <SafetyOutlined /> },
  { key: 'withdrawal', active: true, icon: <FieldTimeOutlined /> },
  { key: 'riskControl', active: false, icon: <RadarChartOutlined /> },
  { key: 'mining', active: false, icon: <ThunderboltOutlined /> },
  { key: 'financing', active: false, icon: <FundOutlined /> },
];

export function SecurityFeatures() {
  const { t } = useTranslation('home');
  return (
    <section className="home-section" aria-labelledby="home-security">
      <SectionHeader id="home-security" title={t('security.title')} subtitle={t('security.subtitle')} />
      <div className="home-features">
        {FEATURES.map((feature) => (
          <article
            key={feature.key}
            className={`home-card home-feature${feature.active ? '' : ' home-feature--inactive'}`}
            data-testid={`security-${feature.key}`}
          >
            <div className="home-feature__head">
              <span className="home-feature__icon" aria-hidden>
                {feature.icon}
              </span>
              <span className={feature.active ? 'home-badge home-badge--active' : 'home-badge'}>
                {feature.active ? t('security.inEffect') : t('security.notActivated')}
              </span>
            </div>
            <h3 className="home-feature__title">{t(`security.${feature.key}.title`)}</h3>
            <p className="home-feature__text">{t(`security.${feature.key}.text`)}</p>
          </article>
        ))}
      </div>
    </section>
  );
}
