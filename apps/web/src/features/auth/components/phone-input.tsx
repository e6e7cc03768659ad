// A phone number with its country: a searchable country picker ("name +dial", list from the server,
// preselected from the browser's languages or CN) beside the national number. On every change it
// reports the canonical `+<dial code><number>` (composePhone), so every form sends a phone the way the
// server stores it. It keeps the typed text and the picked country itself: to clear it, remount it.
import { Input, type InputRef, Select, Space, Typography } from 'antd';
import type { ReactNode, Ref } from 'react';
import { useMemo, useState } from 'react';
import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/lib/form-field';
import { useCountryCodes } from '../api/get-country-codes';
import { composePhone, defaultCountry } from '../phone-number';

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

export interface PhoneInputProps {
  /** Id of the number box, which the field's label points at. */
  id: string;
  /** Receives the canonical phone ('' while no number is typed). */
  onChange(phone: string): void;
  onBlur?(): void;
  /** The number box (the form focuses it on an error). */
  ref?: Ref<InputRef>;
  /** Test id of the number box. */
  testId: string;
  /** Test id of the country picker. */
  countryTestId: string;
}

export function PhoneInput({ id, onChange, onBlur, ref, testId, countryTestId }: PhoneInputProps) {
  const { t } = useTranslation('auth');
  const countries = useCountryCodes();
  const [picked, setPicked] = useState<string>();
  const [number, setNumber] = useState('');

  const list = countries.data;
  const options = useMemo(
    () =>
      (list ?? []).map((c) => ({ value: c.code, label: `${c.name} ${c.dialCode}`, dialCode: c.dialCode })),
    [list],
  );
  const preset = useMemo(
    () =>
      defaultCountry(
        browserLanguages(),
        options.map((o) => o.value),
      ),
    [options],
  );
  const country = picked ?? preset;
  const dialOf = (code: string | undefined) => options.find((o) => o.value === code)?.dialCode;
  // No list (still loading, or failed): only a number typed with its own + code can be canonical.
  const failed = countries.isError && !list;

  return (
    <>
      <Space.Compact block>
        <Select
          value={country}
          onChange={(code: string) => {
            setPicked(code);
            onChange(composePhone(dialOf(code), number));
          }}
          options={options}
          showSearch={{ optionFilterProp: ['label', 'value'] }}
          // The box shows the dial code only; the list shows the names.
          labelRender={({ value }) => dialOf(String(value)) ?? value}
          loading={countries.isPending}
          status={failed ? 'warning' : undefined}
          placeholder="+"
          size="large"
          popupMatchSelectWidth={260}
          style={{ width: 100, flex: 'none' }}
          aria-label={t('phone.country')}
          data-testid={countryTestId}
        />
        <Input
          id={id}
          ref={ref}
          value={number}
          onChange={(e) => {
            setNumber(e.target.value);
            onChange(composePhone(dialOf(country), e.target.value));
          }}
          onBlur={onBlur}
          // Typing before the list (and so the dial code) is known would compose without it.
          disabled={countries.isPending}
          size="large"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder={t('phone.placeholder')}
          data-testid={testId}
        />
      </Space.Compact>
      {failed ? (
        <Typography.Text type="warning" style={{ display: 'block', marginTop: 4 }}>
          {t('phone.countriesFailed')}
        </Typography.Text>
      ) : null}
    </>
  );
}

export interface PhoneFieldProps<T extends FieldValues> {
  control: Control<T>;
  /** The form field holding the canonical phone. */
  name: FieldPathByValue<T, string>;
  id: string;
  label: ReactNode;
  required?: boolean;
  testId: string;
  countryTestId: string;
}

/** PhoneInput as a form field: label, required mark and error (e.g. `target-error`). */
export function PhoneField<T extends FieldValues>({
  control,
  name,
  id,
  label,
  required,
  testId,
  countryTestId,
}: PhoneFieldProps<T>) {
  return (
    <FormField
      control={control}
      name={name}
      inputId={id}
      label={label}
      required={required}
      render={(field) => (
        <PhoneInput
          id={id}
          onChange={field.onChange}
          onBlur={field.onBlur}
          ref={field.ref}
          testId={testId}
          countryTestId={countryTestId}
        />
      )}
    />
  );
}
