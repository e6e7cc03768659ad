// /user/register (spec sections 2 and 5): account name, an email or a phone with its verification code,
// password and confirmation, and an optional invite code (prefilled from ?invite_code=). On success the
// user is told to log in and taken to the login page. Errors are shown inline, field by field.
import { accountNameSchema, codeSchema, inviteCodeSchema } from '@coin/shared/auth-schemas';
import { loginPasswordSchema } from '@coin/shared/password';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import { Button, Flex, Form, Input, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { FormField } from '@/lib/form-field';
import { toast } from '@/lib/toast';
import { register } from '../api/register';
import { sendEmailCode } from '../api/send-email-code';
import { sendMobileCode } from '../api/send-mobile-code';
import { AuthCard } from '../components/auth-card';
import { FormAlert } from '../components/form-alert';
import { SendCodeButton } from '../components/send-code-button';
import { CONTACT_TYPES, type ContactType, contactSchema } from '../contact-target';
import { getDeviceId } from '../device-id';

const registerFormSchema = z
  .object({
    type: z.enum(CONTACT_TYPES),
    account: accountNameSchema,
    target: z.string({ error: 'validation.required' }).trim(),
    code: codeSchema,
    password: loginPasswordSchema,
    confirmPassword: z.string({ error: 'validation.required' }).min(1, 'validation.required'),
    // Optional: an empty box means no invite code.
    inviteCode: z.union([z.literal(''), inviteCodeSchema]),
  })
  .superRefine((v, ctx) => {
    // The target's rule depends on the tab, so it is checked here with the shared schema of that kind.
    const target = contactSchema[v.type].safeParse(v.target);
    if (!target.success) {
      ctx.addIssue({
        code: 'custom',
        path: ['target'],
        message: target.error.issues[0]?.message ?? 'validation.invalid',
      });
    }
    if (v.confirmPassword !== v.password) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'validation.passwordMismatch' });
    }
  });

type RegisterForm = z.infer<typeof registerFormSchema>;

const FIELDS: readonly Path<RegisterForm>[] = [
  'account',
  'target',
  'code',
  'password',
  'confirmPassword',
  'inviteCode',
];

export interface RegisterPageProps {
  /** From ?invite_code= (the /i& invite links redirect here with it). */
  inviteCode?: string;
}

export function RegisterPage({ inviteCode }: RegisterPageProps) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError, trigger, getValues, setValue, clearErrors, watch, formState } =
    useForm<RegisterForm>({
      resolver: zodResolver(registerFormSchema),
      defaultValues: {
        type: 'email',
        account: '',
        target: '',
        code: '',
        password: '',
        confirmPassword: '',
        inviteCode: inviteCode ?? '',
      },
    });
  const type = watch('type');

  const switchType = (next: ContactType) => {
    // A code is tied to its target, so both start over when the kind of target changes.
    setValue('type', next);
    setValue('target', '');
    setValue('code', '');
    clearErrors(['target', 'code']);
  };

  const sendCode = async (): Promise<boolean> => {
    // Shows the target's error, if any; the check below decides (trigger reports the whole form).
    await trigger('target');
    const target = getValues('target').trim();
    if (!contactSchema[type].safeParse(target).success) return false;
    try {
      if (type === 'email') await sendEmailCode(target, 'register', { silent: true });
      else await sendMobileCode(target, 'register', { silent: true });
      toast.success(t(type === 'email' ? 'code.sentEmail' : 'code.sent'));
      return true;
    } catch (e) {
      if (!applyServerFieldErrors(e, setError, FIELDS, { email: 'target', phone: 'target' })) {
        toast.error(isApiError(e) ? e.msg : t('common:errors.generic'));
      }
      return false;
    }
  };

  const submit = handleSubmit(async (v) => {
    setFormError(null);
    try {
      await register(
        {
          account: v.account,
          ...(type === 'email' ? { email: v.target.trim() } : { phone: v.target.trim() }),
          password: v.password,
          confirmPassword: v.confirmPassword,
          code: v.code,
          ...(v.inviteCode ? { inviteCode: v.inviteCode } : {}),
          deviceId: getDeviceId(),
        },
        { silent: true },
      );
      toast.success(t('register.success'));
      void navigate({ to: '/user/login' });
    } catch (e) {
      if (applyServerFieldErrors(e, setError, FIELDS, { email: 'target', phone: 'target' })) return;
      setFormError(isApiError(e) ? e.msg : t('common:errors.generic'));
    }
  });

  return (
    <AuthCard
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      testId="register-page"
      footer={
        <Typography.Text>
          {t('register.haveAccount')}{' '}
          <Link to="/user/login" data-testid="register-to-login">
            {t('register.toLogin')}
          </Link>
        </Typography.Text>
      }
    >
      <Tabs
        activeKey={type}
        onChange={(key) => switchType(key as ContactType)}
        items={CONTACT_TYPES.map((k) => ({
          key: k,
          label: <span data-testid={`register-tab-${k}`}>{t(`register.tabs.${k}`)}</span>,
        }))}
      />
      <form onSubmit={submit} noValidate data-testid="register-form">
        <Form layout="vertical" component={false}>
          <FormField
            inputId="register-account"
            control={control}
            name="account"
            label={t('fields.account')}
            required
            extra={t('hint.account')}
            render={(field) => (
              <Input
                {...field}
                id="register-account"
                size="large"
                autoComplete="username"
                placeholder={t('placeholder.account')}
                data-testid="register-account"
              />
            )}
          />
          <FormField
            inputId="register-target"
            control={control}
            name="target"
            label={t(`fields.${type}`)}
            required
            render={(field) => (
              <Input
                {...field}
                id="register-target"
                size="large"
                inputMode={type === 'email' ? 'email' : 'tel'}
                autoComplete={type === 'email' ? 'email' : 'tel'}
                placeholder={t(`placeholder.${type}`)}
                data-testid={`register-${type}`}
              />
            )}
          />
          <FormField
            inputId="register-code"
            control={control}
            name="code"
            label={t('fields.code')}
            required
            render={(field) => (
              <Flex gap={8}>
                <Input
                  {...field}
                  id="register-code"
                  size="large"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  placeholder={t('placeholder.code')}
                  data-testid="register-code"
                />
                <SendCodeButton onSend={sendCode} />
              </Flex>
            )}
          />
          <FormField
            inputId="register-password"
            control={control}
            name="password"
            label={t('fields.password')}
            required
            extra={t('hint.password')}
            render={(field) => (
              <Input.Password
                {...field}
                id="register-password"
                size="large"
                autoComplete="new-password"
                placeholder={t('placeholder.password')}
                data-testid="register-password"
              />
            )}
          />
          <FormField
            inputId="register-confirm-password"
            control={control}
            name="confirmPassword"
            label={t('fields.confirmPassword')}
            required
            render={(field) => (
              <Input.Password
                {...field}
                id="register-confirm-password"
                size="large"
                autoComplete="new-password"
                placeholder={t('placeholder.confirmPassword')}
                data-testid="register-confirm-password"
              />
            )}
          />
          <FormField
            inputId="register-invite-code"
            control={control}
            name="inviteCode"
            label={t('fields.inviteCodeOptional')}
            render={(field) => (
              <Input
                {...field}
                id="register-invite-code"
                size="large"
                placeholder={t('placeholder.inviteCode')}
                data-testid="register-invite-code"
              />
            )}
          />
          <FormAlert message={formError} testId="register-error" />
          <Button
            type="primary"
            htmlType="submit"
            size="large"
            block
            loading={formState.isSubmitting}
            data-testid="register-submit"
          >
            {t('register.submit')}
          </Button>
        </Form>
      </form>
    </AuthCard>
  );
}
