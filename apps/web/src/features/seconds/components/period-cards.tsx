// The period cards: duration, what a win pays (rate) and the quantity limits of each period.
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '@/lib/use-number-format';
import type { Period } from '../lib/seconds-order';

export function durationLabel(
  t: (key: string, vars?: Record<string, unknown>) => string,
  sec: number,
): string {
  if (sec % 3600 === 0) return t('duration.hours', { count: sec / 3600 });
  if (sec % 60 === 0 && sec >= 120) return t('duration.minutes', { count: sec / 60 });
  return t('duration.seconds', { count: sec });
}

export function PeriodCards({
  periods,
  selected,
  onSelect,
}: {
  periods: Period[];
  selected: string | undefined;
  onSelect: (periodId: string) => void;
}) {
  const { t } = useTranslation('seconds');
  const nf = useNumberFormat();
  if (periods.length === 0) return <div className="sec-empty">{t('form.noPeriods')}</div>;
  return (
    <fieldset className="sec-periods" aria-label={t('form.period')} data-testid="sec-periods">
      {periods.map((p) => (
        <button
          key={p.periodId}
          type="button"
          aria-pressed={p.periodId === selected}
          className={`sec-period${p.periodId === selected ? ' sec-period--on' : ''}`}
          onClick={() => onSelect(p.periodId)}
          data-testid={`sec-period-${p.periodId}`}
        >
          <span className="sec-period__time">{durationLabel(t, p.durationSec)}</span>
          <span className="sec-period__rate">{t('form.rate', { rate: nf.rate(p.rate, 2) })}</span>
          <span className="sec-period__limits">
            {t('form.limits', { min: p.minStake, max: nf.quantity(p.maxStake, 0), asset: p.asset })}
          </span>
        </button>
      ))}
    </fieldset>
  );
}
