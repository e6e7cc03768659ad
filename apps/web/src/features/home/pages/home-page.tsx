// /home/index: hero, live hot coins, investment guide, security features with the asset-security fund's
// live balance, account tiers and customer service with an anti-fraud tip (spec section 2). The shell
// passes how to open its customer-service dialog.
import { AccountTiers } from '../components/account-tiers';
import { HeroSection } from '../components/hero-section';
import { HotCoins } from '../components/hot-coins';
import { InvestmentGuide } from '../components/investment-guide';
import { SecurityFeatures } from '../components/security-features';
import { SecurityFundSection } from '../components/security-fund';
import { SupportSection } from '../components/support-section';
import '../home.css';

export interface HomePageProps {
  onContactSupport: () => void;
}

export function HomePage({ onContactSupport }: HomePageProps) {
  return (
    <div className="home" data-testid="home-page">
      <HeroSection />
      <div className="app-container home__sections">
        <HotCoins />
        <InvestmentGuide />
        <SecurityFeatures />
        <SecurityFundSection />
        <AccountTiers />
        <SupportSection onContactSupport={onContactSupport} />
      </div>
    </div>
  );
}
