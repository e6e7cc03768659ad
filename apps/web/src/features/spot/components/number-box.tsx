// A number box of the order form: the spec's number-input rule (section 5) through the shared
// normalizeTypedNumber, truncated to the market's decimals, with a visible note saying what was corrected
// (like the wallet's amount box). The label sits inside the box on the left, the unit on the right.
import { type InputCorrection, normalizeTypedNumber } from '@coin/shared/number-input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '@/lib/use-number-format';

export function NumberBox({
  id,
  label,
  unit,
  value,
  decimals,
  onChange,
  invalid,
  testId,
}: {
  id: string;
  label: string;
  unit: string;
  value: string;
  decimals: number;
  onChange: (value: string) => void;
  invalid?: boolean;
  testId: string;
}) {
  const { t } = useTranslation('spot');
  const { decimalSeparator } = useNumberFormat();
  const [corrections, setCorrections] = useState<InputCorrection[]>([]);
  return (
    <div className="spot-field">
      <label className={`spot-box${invalid ? ' spot-box--invalid' : ''}`} htmlFor={id}>
        <span className="spot-box__label">{label}</span>
        <input
          id={id}
          className="spot-box__input"
          value={value}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0"
          data-testid={testId}
          aria-invalid={invalid || undefined}
          onChange={(e) => {
            const typed = normalizeTypedNumber(e.target.value, decimals, decimalSeparator);
            setCorrections(typed.corrections);
            onChange(typed.value);
          }}
          onBlur={() => setCorrections([])}
        />
        <span className="spot-box__unit">{unit}</span>
      </label>
      {corrections.length > 0 ? (
        <div className="spot-field__note" role="status" data-testid={`${testId}-corrected`}>
          {corrections
            .map((c) => t(`corrected.${c}`, { decimals, coin: unit, mark: decimalSeparator }))
            .join(' ')}
        </div>
      ) : null}
    </div>
  );
}
