// The investment guide: the four steps from a new account to a first trade, each linking to its screen.
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { SectionHeader } from './section-header';

export function InvestmentGuide() {
  const { t } = useTranslation('home');
  const steps = [
    {
      key: 'register',
      link: (
        <Link to="/user/register" className="home-step__link">
          {t('guide.register.action')}
        </Link>
      ),
    },
    {
      key: 'verify',
      link: (
        <Link to="/user/index" search={{ key: 'primary' }} className="home-step__link">
          {t('guide.verify.action')}
        </Link>
      ),
    },
    {
      key: 'deposit',
      link: (
        <Link to="/assets/index" search={{ key: 'recharge' }} className="home-step__link">
          {t('guide.deposit.action')}
        </Link>
      ),
    },
    {
      key: 'trade',
      link: (
        <Link to="/trade/index" search={{ type: 'spot' }} className="home-step__link">
          {t('guide.trade.action')}
        </Link>
      ),
    },
  ] as const;
  return (
    <section className="home-section" aria-labelledby="home-guide">
      <SectionHeader id="home-guide" title={t('guide.title')} subtitle={t('guide.subtitle')} />
      <ol className="home-steps">
        {steps.map((step, index) => (
          <li key={step.key} className="home-card home-step">
            <span className="home-step__number" aria-hidden>
              {index + 1}
            </span>
            <h3 className="home-step__title">{t(`guide.${step.key}.title`)}</h3>
            <p className="home-step__text">{t(`guide.${step.key}.text`)}</p>
            {step.link}
          </li>
        ))}
      </ol>
    </section>
  );
}
