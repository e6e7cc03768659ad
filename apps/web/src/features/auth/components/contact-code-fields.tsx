// The part register and reset share: the email/phone tabs, the target field (an email box, or the phone
// input with its country picker) and the verification code with its send button and countdown. Ids and
// test ids are `<prefix>-tab-email|phone`, `<prefix>-email|phone`, `<prefix>-country`, `<prefix>-code`
// and `send-code`. Works on any form that has the `type`, `target` and `code` fields of contactCodeShape.
import { Flex, Input, Tabs } from 'antd';
import { type Path, type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { FormField } from '@/lib/form-field';
import { InputField } from '@/lib/input-field';
import { toast } from '@/lib/toast';
import { type CodePurpose, sendEmailCode } from '../api/send-email-code';
import { sendMobileCode } from '../api/send-mobile-code';
import { CONTACT_TYPES, type ContactCodeValues, type ContactType, contactSchema } from '../contact-target';
import { PhoneField } from './phone-input';
import { SendCodeButton } from './send-code-button';

/** The form seen through the three fields these components touch; its other fields are the page's. */
function contactForm<T extends ContactCodeValues>(form: UseFormReturn<T>): UseFormReturn<ContactCodeValues> {
  return form as unknown as UseFormReturn<ContactCodeValues>;
}

export interface ContactTypeTabsProps<T extends ContactCodeValues> {
  form: UseFormReturn<T>;
  /** 'register' or 'reset'. */
  idPrefix: string;
}

export function ContactTypeTabs<T extends ContactCodeValues>({ form, idPrefix }: ContactTypeTabsProps<T>) {
  const { t } = useTranslation('auth');
  const { control, setValue, clearErrors } = contactForm(form);
  const type = useWatch({ control, name: 'type' });

  const switchType = (next: ContactType) => {
    // A code is tied to its target, so both start over when the kind of target changes.
    setValue('type', next);
    setValue('target', '');
    setValue('code', '');
    clearErrors(['target', 'code']);
  };

  return (
    <Tabs
      activeKey={type}
      onChange={(key) => switchType(key as ContactType)}
      items={CONTACT_TYPES.map((k) => ({
        key: k,
        label: <span data-testid={`${idPrefix}-tab-${k}`}>{t(`register.tabs.${k}`)}</span>,
      }))}
    />
  );
}

export interface ContactCodeFieldsProps<T extends ContactCodeValues> {
  form: UseFormReturn<T>;
  /** 'register' or 'reset'. */
  idPrefix: string;
  /** What the code is for. */
  purpose: CodePurpose;
  /** The form's fields: a send-code failure may name any of them. */
  fields: readonly Path<T>[];
}

export function ContactCodeFields<T extends ContactCodeValues>({
  form,
  idPrefix,
  purpose,
  fields,
}: ContactCodeFieldsProps<T>) {
  const { t } = useTranslation('auth');
  const { control, trigger, getValues, setError } = contactForm(form);
  const type = useWatch({ control, name: 'type' });

  const sendCode = async (): Promise<boolean> => {
    // Shows the target's error, if any; the check below decides (trigger reports the whole form).
    await trigger('target');
    const target = getValues('target').trim();
    if (!contactSchema[type].safeParse(target).success) return false;
    try {
      if (type === 'email') await sendEmailCode(target, purpose, { silent: true });
      else await sendMobileCode(target, purpose, { silent: true });
      toast.success(t(type === 'email' ? 'code.sentEmail' : 'code.sent'));
      return true;
    } catch (e) {
      // The server names the target `email` or `phone`.
      const placed = applyServerFieldErrors(e, setError, fields as readonly Path<ContactCodeValues>[], {
        email: 'target',
        phone: 'target',
      });
      if (!placed) toast.error(isApiError(e) ? e.msg : t('common:errors.generic'));
      return false;
    }
  };

  return (
    <>
      {type === 'email' ? (
        <InputField
          control={control}
          name="target"
          id={`${idPrefix}-target`}
          testId={`${idPrefix}-email`}
          label={t('fields.email')}
          required
          inputMode="email"
          autoComplete="email"
          placeholder={t('placeholder.email')}
        />
      ) : (
        <PhoneField
          control={control}
          name="target"
          id={`${idPrefix}-target`}
          testId={`${idPrefix}-phone`}
          countryTestId={`${idPrefix}-country`}
          label={t('fields.phone')}
          required
        />
      )}
      <FormField
        inputId={`${idPrefix}-code`}
        control={control}
        name="code"
        label={t('fields.code')}
        required
        render={(field) => (
          <Flex gap={8}>
            <Input
              {...field}
              id={`${idPrefix}-code`}
              size="large"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder={t('placeholder.code')}
              data-testid={`${idPrefix}-code`}
            />
            <SendCodeButton onSend={sendCode} />
          </Flex>
        )}
      />
    </>
  );
}
