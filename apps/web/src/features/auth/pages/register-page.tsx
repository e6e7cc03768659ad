// /user/register (spec sections 2 and 5): account name, an email or a phone with its verification code,
// password and confirmation, and an optional invite code (prefilled from ?invite_code=). On success the
// user is told to log in and taken to the login page. Errors are shown inline, field by field.
import { accountNameSchema, inviteCodeSchema } from '@coin/shared/auth-schemas';
import { loginPasswordSchema } from '@coin/shared/password';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import { Button, Form, Typography } from 'antd';
import { useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { InputField } from '@/lib/input-field';
import { toast } from '@/lib/toast';
import { register } from '../api/register';
import { AuthCard } from '../components/auth-card';
import { ContactCodeFields, ContactTypeTabs } from '../components/contact-code-fields';
import { FormAlert } from '../components/form-alert';
import { checkContactTarget, contactCodeShape } from '../contact-target';
import { getDeviceId } from '../device-id';

const registerFormSchema = z
  .object({
    ...contactCodeShape,
    account: accountNameSchema,
    password: loginPasswordSchema,
    confirmPassword: z.string({ error: 'validation.required' }).min(1, 'validation.required'),
    // Optional: an empty box means no invite code.
    inviteCode: z.union([z.literal(''), inviteCodeSchema]),
  })
  .superRefine((v, ctx) => {
    checkContactTarget(v, ctx);
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
  const form = useForm<RegisterForm>({
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
  const { control, handleSubmit, setError, formState } = form;

  const submit = handleSubmit(async (v) => {
    setFormError(null);
    try {
      await register(
        {
          account: v.account,
          // A phone target is already canonical (the phone input composes it).
          ...(v.type === 'email' ? { email: v.target.trim() } : { phone: v.target.trim() }),
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
      <ContactTypeTabs form={form} idPrefix="register" />
      <form onSubmit={submit} noValidate data-testid="register-form">
        <Form layout="vertical" component={false}>
          <InputField
            control={control}
            name="account"
            id="register-account"
            label={t('fields.account')}
            required
            extra={t('hint.account')}
            autoComplete="username"
            placeholder={t('placeholder.account')}
          />
          <ContactCodeFields form={form} idPrefix="register" purpose="register" fields={FIELDS} />
          <InputField
            control={control}
            name="password"
            id="register-password"
            label={t('fields.password')}
            required
            extra={t('hint.password')}
            password
            autoComplete="new-password"
            placeholder={t('placeholder.password')}
          />
          <InputField
            control={control}
            name="confirmPassword"
            id="register-confirm-password"
            label={t('fields.confirmPassword')}
            required
            password
            autoComplete="new-password"
            placeholder={t('placeholder.confirmPassword')}
          />
          <InputField
            control={control}
            name="inviteCode"
            id="register-invite-code"
            label={t('fields.inviteCodeOptional')}
            placeholder={t('placeholder.inviteCode')}
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
