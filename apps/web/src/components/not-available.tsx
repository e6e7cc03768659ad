// Shared "not available yet" state for screens whose feature ships with a later release: the page keeps
// the real layout and says plainly that the function is not live, instead of showing invented data.
import { HourglassOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './not-available.css';

export interface NotAvailableProps {
  /** Already translated name of the function, e.g. "Spot trading". */
  feature?: string;
  /** Already translated sentence saying what the screen will offer. */
  description?: string;
  /** Actions such as links back to working parts of the site. */
  children?: ReactNode;
}

export function NotAvailable({ feature, description, children }: NotAvailableProps) {
  const { t } = useTranslation('routes');
  return (
    <section className="not-available" data-testid="not-available" aria-live="polite">
      <HourglassOutlined className="not-available__icon" aria-hidden />
      <h2 className="not-available__title">
        {feature ? t('notAvailable.titleFor', { feature }) : t('notAvailable.title')}
      </h2>
      {description ? <p className="not-available__description">{description}</p> : null}
      <p className="not-available__note">{t('notAvailable.note')}</p>
      {children ? <div className="not-available__actions">{children}</div> : null}
    </section>
  );
}
