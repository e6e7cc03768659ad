// One text or password field: FormField's label, hint and error around an antd input whose id (the
// label's target) is also its test id unless another is given. Sign-in pages use the large size.
import { Input } from 'antd';
import type { HTMLAttributes, ReactNode } from 'react';
import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form';
import { FormField } from './form-field';

export interface InputFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPathByValue<T, string>;
  id: string;
  /** Defaults to `id`. */
  testId?: string;
  label: ReactNode;
  required?: boolean;
  extra?: ReactNode;
  /** A password box (with the show/hide eye). */
  password?: boolean;
  placeholder?: string;
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
  size?: 'large' | 'middle';
}

export function InputField<T extends FieldValues>({
  control,
  name,
  id,
  testId = id,
  label,
  required,
  extra,
  password,
  size = 'large',
  ...input
}: InputFieldProps<T>) {
  return (
    <FormField
      control={control}
      name={name}
      inputId={id}
      label={label}
      required={required}
      extra={extra}
      render={(field) => {
        const props = {
          ...field,
          ...input,
          value: field.value as string,
          id,
          size,
          'data-testid': testId,
        } as const;
        return password ? <Input.Password {...props} /> : <Input {...props} />;
      }}
    />
  );
}
