// The authenticator code box: six digits, numeric keyboard on phones, one-time-code autofill.
import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { InputField } from '@/lib/input-field';

export function GoogleCodeInput<T extends FieldValues>({
  control,
  name,
  id,
  testId,
  label,
}: {
  control: Control<T>;
  name: FieldPathByValue<T, string>;
  id: string;
  testId?: string;
  label?: string;
}) {
  const { t } = useTranslation('security');
  return (
    <InputField
      control={control}
      name={name}
      id={id}
      testId={testId ?? id}
      label={label ?? t('fields.googleCode')}
      required
      size="middle"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder={t('fields.googleCodePlaceholder')}
    />
  );
}
