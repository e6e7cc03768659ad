// Customer service with the anti-fraud tip.
import { CustomerServiceOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AppButton } from '@/components/button';

export function SupportSection({ onContactSupport }: { onContactSupport: () => void }) {
  const { t } = useTranslation('home');
  return (
    <section className="home-section" aria-labelledby="home-support">
      <div className="home-card home-support">
        <div className="home-support__main">
          <span className="home-support__icon" aria-hidden>
            <CustomerServiceOutlined />
          </span>
          <div>
            <h2 id="home-support" className="home-section__title">
              {t('support.title')}
            </h2>
            <p className="home-support__text">{t('support.text')}</p>
            <AppButton
              variant="primary"
              size="large"
              onClick={onContactSupport}
              data-testid="home-contact-support"
            >
              {t('support.contact')}
            </AppButton>
          </div>
        </div>
        <aside className="home-support__tip" aria-label={t('support.antiFraudTitle')}>
          <h3 className="home-support__tip-title">
            <WarningOutlined aria-hidden /> {t('support.antiFraudTitle')}
          </h3>
          <ul>
            <li>{t('support.antiFraud1')}</li>
            <li>{t('support.antiFraud2')}</li>
            <li>{t('support.antiFraud3')}</li>
          </ul>
        </aside>
      </div>
    </section>
  );
}
