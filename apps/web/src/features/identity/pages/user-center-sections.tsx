// The identity panels of /user/index?key= (primary, advanced, bank, certified) and the tier card under
// the overview, for app/ to compose into the user centre (features do not import each other).
import type { ReactNode } from 'react';
import { AdvancedForm } from '../components/advanced-form';
import { BankCardPanel } from '../components/bank-card-panel';
import { CertificationOverview } from '../components/certification-overview';
import { EmailCertification } from '../components/email-certification';
import { PrimaryForm } from '../components/primary-form';
import { TierCard } from '../components/tier-card';
import '../identity.css';

export const IDENTITY_USER_SECTIONS: Record<'primary' | 'advanced' | 'bank' | 'certified', ReactNode> = {
  primary: <PrimaryForm />,
  advanced: <AdvancedForm />,
  bank: <BankCardPanel />,
  certified: (
    <div className="identity-stack">
      <CertificationOverview />
      <EmailCertification />
    </div>
  ),
};

export function IdentityOverviewExtra() {
  return <TierCard />;
}
