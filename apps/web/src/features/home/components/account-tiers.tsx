// The four account tiers of spec section 1 (standard, premium, professional, partner). Their
// requirements and benefits are set by the operator; the page names the tiers and says so.
import { CrownOutlined, RocketOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionHeader } from './section-header';

const TIERS: ReadonlyArray<{ key: string; icon: ReactNode }> = [
  { key: 'standard', icon: <UserOutlined /> },
  { key: 'premium', icon: <CrownOutlined /> },
  { key: 'professional', icon: <RocketOutlined /> },
  { key: 'partner', icon: <TeamOutlined /> },
];

export function AccountTiers() {
  const { t } = useTranslation('home');
  return (
    <section className="home-section" aria-labelledby="home-tiers">
      <SectionHeader id="home-tiers" title={t('tiers.title')} subtitle={t('tiers.subtitle')} />
      <div className="home-tiers">
        {TIERS.map((tier, index) => (
          <article
            key={tier.key}
            className={`home-card home-tier home-tier--${index + 1}`}
            data-testid="account-tier"
          >
            <span className="home-tier__icon" aria-hidden>
              {tier.icon}
            </span>
            <h3 className="home-tier__name">{t(`tiers.${tier.key}.name`)}</h3>
            <p className="home-tier__text">{t(`tiers.${tier.key}.text`)}</p>
          </article>
        ))}
      </div>
      <p className="home-section__footnote">{t('tiers.note')}</p>
    </section>
  );
}
