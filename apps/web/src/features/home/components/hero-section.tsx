// The home hero: the brand, what the platform offers, and the first step (register, or trade when
// signed in). The three facts are the platform's published rules, not performance claims.
import { CheckCircleFilled } from '@ant-design/icons';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { selectBrandName, usePlatformStore } from '@/lib/platform-store';
import { useSessionStore } from '@/lib/session-store';

export function HeroSection() {
  const { t } = useTranslation('home');
  const brand = usePlatformStore(selectBrandName);
  const isLogin = useSessionStore((s) => s.isLogin);
  const facts = [t('hero.factFund'), t('hero.factWithdraw'), t('hero.factLanguages')];
  return (
    <section className="home-hero" aria-labelledby="home-hero-title">
      <div className="app-container home-hero__inner">
        <div className="home-hero__copy">
          <h1 id="home-hero-title" className="home-hero__title" data-testid="home-title">
            {brand ? t('hero.titleBrand', { brand }) : t('hero.title')}
          </h1>
          <p className="home-hero__subtitle">{t('hero.subtitle')}</p>
          <div className="home-hero__actions">
            {isLogin ? (
              <Link
                to="/trade/index"
                search={{ type: 'spot' }}
                className="app-link-button app-link-button--primary app-link-button--large"
              >
                {t('hero.startTrading')}
              </Link>
            ) : (
              <>
                <Link
                  to="/user/register"
                  className="app-link-button app-link-button--primary app-link-button--large"
                  data-testid="home-register"
                >
                  {t('hero.register')}
                </Link>
                <Link to="/user/login" className="app-link-button app-link-button--large">
                  {t('hero.login')}
                </Link>
              </>
            )}
            <Link to="/quotes/index" className="home-hero__link">
              {t('hero.viewMarkets')}
            </Link>
          </div>
          <ul className="home-hero__facts">
            {facts.map((fact) => (
              <li key={fact}>
                <CheckCircleFilled aria-hidden /> {fact}
              </li>
            ))}
          </ul>
        </div>
        <div className="home-hero__art" aria-hidden>
          <div className="home-hero__orb" />
          <div className="home-hero__ring home-hero__ring--1" />
          <div className="home-hero__ring home-hero__ring--2" />
        </div>
      </div>
    </section>
  );
}
