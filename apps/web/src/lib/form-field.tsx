// Owns the glue between react-hook-form and antd's Form.Item: label, required mark and the field's
// error text (translation keys from the shared schemas are translated). Used by every form of the app.
import { Form } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import {
  type Control,
  Controller,
  type ControllerRenderProps,
  type FieldValues,
  type Path,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from './form-errors';

export interface FormFieldProps<T extends FieldValues, N extends Path<T>> {
  control: Control<T>;
  name: N;
  /** The input's id, so the label is associated with it (click to focus, screen readers). */
  inputId?: string;
  label: ReactNode;
  required?: boolean;
  extra?: ReactNode;
  /** Test id on the Form.Item wrapper (the error text is inside it). */
  testId?: string;
  render(field: ControllerRenderProps<T, N>, invalid: boolean): ReactElement;
}

export function FormField<T extends FieldValues, N extends Path<T>>({
  control,
  name,
  inputId,
  label,
  required,
  extra,
  testId,
  render,
}: FormFieldProps<T, N>) {
  const { t, i18n } = useTranslation('common');
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const help = fieldErrorText(t, (k) => i18n.exists(k), fieldState.error?.message);
        return (
          <Form.Item
            label={label}
            htmlFor={inputId}
            required={required}
            validateStatus={fieldState.error ? 'error' : undefined}
            help={help ? <span data-testid={`${name}-error`}>{help}</span> : undefined}
            // The hint would only repeat the rule the error already states.
            extra={fieldState.error ? undefined : extra}
            data-testid={testId}
          >
            {render(field, Boolean(fieldState.error))}
          </Form.Item>
        );
      }}
    />
  );
}
