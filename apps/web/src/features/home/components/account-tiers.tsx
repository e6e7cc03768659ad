// The four account tiers of spec section 1 (standard, premium, professional, partner) with the rules the
// operator states (GET /api/mjkj-web/coin/open/tiers): each tier's 30-day spot volume and balance
// minimums in USDT, and from which tier an account is VIP. Tiers are computed from these rules only.
import { CrownOutlined, RocketOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiGet } from '@/lib/api-client';
import { useNumberFormat } from '@/lib/use-number-format';
import { SectionHeader } from './section-header';

const TIERS: ReadonlyArray<{ key: string; icon: ReactNode }> = [
  { key: 'standard', icon: <UserOutlined /> },
  { key: 'premium', icon: <CrownOutlined /> },
  { key: 'professional', icon: <RocketOutlined /> },
  { key: 'partner', icon: <TeamOutlined /> },
];

export const TIER_RULES_PATH = '/api/mjkj-web/coin/open/tiers';

interface TierRules {
  rules: Array<{ tier: string; minVolume30d: string; minBalance: string }>;
  vipFrom: string;
}

export function AccountTiers() {
  const { t } = useTranslation('home');
  const fmt = useNumberFormat();
  const query = useQuery({
    queryKey: ['home', 'tierRules'],
    queryFn: ({ signal }) => apiGet<TierRules>(TIER_RULES_PATH, undefined, { silent: true, signal }),
    staleTime: 5 * 60_000,
  });
  const rules = query.data;
  const vipAt = rules ? TIERS.findIndex((x) => x.key === rules.vipFrom) : -1;
  const usdt = (v: string) => `${fmt.number(v, 2)} USDT`;
  return (
    <section className="home-section" aria-labelledby="home-tiers">
      <SectionHeader id="home-tiers" title={t('tiers.title')} subtitle={t('tiers.subtitle')} />
      <div className="home-tiers">
        {TIERS.map((tier, index) => {
          const rule = rules?.rules.find((r) => r.tier === tier.key);
          return (
            <article
              key={tier.key}
              className={`home-card home-tier home-tier--${index + 1}`}
              data-testid="account-tier"
            >
              <span className="home-tier__icon" aria-hidden>
                {tier.icon}
              </span>
              <h3 className="home-tier__name">
                {t(`tiers.${tier.key}.name`)}
                {vipAt >= 0 && index >= vipAt ? <span className="home-tier__vip">VIP</span> : null}
              </h3>
              <p className="home-tier__text">{t(`tiers.${tier.key}.text`)}</p>
              {rule ? (
                <p className="home-tier__rule" data-testid={`tier-rule-${tier.key}`}>
                  {index === 0
                    ? t('tiers.everyone')
                    : t('tiers.requirement', {
                        volume: usdt(rule.minVolume30d),
                        balance: usdt(rule.minBalance),
                      })}
                </p>
              ) : null}
            </article>
          );
        })}
      </div>
      <p className="home-section__footnote">{t(rules ? 'tiers.ruleNote' : 'tiers.note')}</p>
    </section>
  );
}
