// The margin level gauge: the level (four decimals, '∞' without debt), a bar from 1 to 2, the risk word
// and the call / liquidation levels. Shared by the margin pages and the spot trade page's margin panel.
import { Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import { levelLabel, type MarginProperty } from '../lib/margin-read';
import '../margin.css';

export function MarginGauge({
  property,
  compact = false,
}: {
  property: MarginProperty | undefined;
  compact?: boolean;
}) {
  const { t } = useTranslation('margin');
  const p = property;
  const level = p?.marginLevel ?? null;
  const gauge = level === null ? 100 : Math.max(0, Math.min(100, ((Number(level) - 1) / 1) * 100));
  const riskKey = p?.risk === 2 ? 'liquidation' : p?.risk === 1 ? 'call' : 'safe';
  return (
    <div className={`margin-gauge${compact ? ' margin-gauge--compact' : ''}`}>
      <span className="margin-gauge__label">{t('level')}</span>
      <strong data-testid="margin-level">{levelLabel(level)}</strong>
      <Progress
        percent={gauge}
        showInfo={false}
        size={compact ? 'small' : 'default'}
        status={p?.risk === 2 ? 'exception' : p?.risk === 1 ? 'active' : 'success'}
      />
      <span data-testid="margin-risk" className={`margin-risk margin-risk--${riskKey}`}>
        {t(`risk.${riskKey}`)}
      </span>
      {compact ? null : (
        <small>{t('levels', { call: p?.callLevel ?? '-', liquidation: p?.liquidationLevel ?? '-' })}</small>
      )}
    </div>
  );
}
