// /user/reset (spec sections 2 and 8): find the password by email or phone. A `reset` code goes to the
// address (the server answers the same whether or not it is registered), then the new password is set
// with /api/user/backPwd, every session is signed out and the user is sent to log in again.
import { codeSchema } from '@coin/shared/auth-schemas';
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
import { useSessionStore } from '@/lib/session-store';
import { toast } from '@/lib/toast';
import { resetPassword } from '../api/reset-password';
import { sendEmailCode } from '../api/send-email-code';
import { sendMobileCode } from '../api/send-mobile-code';
import { AuthCard } from '../components/auth-card';
import { FormAlert } from '../components/form-alert';
import { SendCodeButton } from '../components/send-code-button';
import { CONTACT_TYPES, type ContactType, contactSchema } from '../contact-target';

const resetFormSchema = z
  .object({
    type: z.enum(CONTACT_TYPES),
    target: z.string({ error: 'validation.required' }).trim(),
    code: codeSchema,
    password: loginPasswordSchema,
    confirmPassword: z.string({ error: 'validation.required' }).min(1, 'validation.required'),
  })
  .superRefine((v, ctx) => {
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

type ResetForm = z.infer<typeof resetFormSchema>;

const FIELDS: readonly Path<ResetForm>[] = ['target', 'code', 'password', 'confirmPassword'];

export function ResetPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError, trigger, getValues, setValue, clearErrors, watch, formState } =
    useForm<ResetForm>({
      resolver: zodResolver(resetFormSchema),
      defaultValues: { type: 'email', target: '', code: '', password: '', confirmPassword: '' },
    });
  const type = watch('type');

  const switchType = (next: ContactType) => {
    setValue('type', next);
    setValue('target', '');
    setValue('code', '');
    clearErrors(['target', 'code']);
  };

  const sendCode = async (): Promise<boolean> => {
    await trigger('target');
    const target = getValues('target').trim();
    if (!contactSchema[type].safeParse(target).success) return false;
    try {
      if (type === 'email') await sendEmailCode(target, 'reset', { silent: true });
      else await sendMobileCode(target, 'reset', { silent: true });
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
      await resetPassword(
        {
          type: v.type,
          target: v.target.trim(),
          code: v.code,
          password: v.password,
          confirmPassword: v.confirmPassword,
        },
        { silent: true },
      );
      // The server has signed out every session, this browser's included.
      useSessionStore.getState().clear();
      toast.success(t('reset.success'));
      void navigate({ to: '/user/login' });
    } catch (e) {
      if (applyServerFieldErrors(e, setError, FIELDS)) return;
      setFormError(isApiError(e) ? e.msg : t('common:errors.generic'));
    }
  });

  return (
    <AuthCard
      title={t('reset.title')}
      subtitle={t('reset.subtitle')}
      testId="reset-page"
      footer={
        <Typography.Text>
          {t('reset.remembered')}{' '}
          <Link to="/user/login" data-testid="reset-to-login">
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
          label: <span data-testid={`reset-tab-${k}`}>{t(`register.tabs.${k}`)}</span>,
        }))}
      />
      <form onSubmit={submit} noValidate data-testid="reset-form">
        <Form layout="vertical" component={false}>
          <FormField
            inputId="reset-target"
            control={control}
            name="target"
            label={t(`fields.${type}`)}
            required
            render={(field) => (
              <Input
                {...field}
                id="reset-target"
                size="large"
                inputMode={type === 'email' ? 'email' : 'tel'}
                autoComplete={type === 'email' ? 'email' : 'tel'}
                placeholder={t(`placeholder.${type}`)}
                data-testid={`reset-${type}`}
              />
            )}
          />
          <FormField
            inputId="reset-code"
            control={control}
            name="code"
            label={t('fields.code')}
            required
            render={(field) => (
              <Flex gap={8}>
                <Input
                  {...field}
                  id="reset-code"
                  size="large"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  placeholder={t('placeholder.code')}
                  data-testid="reset-code"
                />
                <SendCodeButton onSend={sendCode} />
              </Flex>
            )}
          />
          <FormField
            inputId="reset-password"
            control={control}
            name="password"
            label={t('fields.newPassword')}
            required
            extra={t('hint.password')}
            render={(field) => (
              <Input.Password
                {...field}
                id="reset-password"
                size="large"
                autoComplete="new-password"
                placeholder={t('placeholder.newPassword')}
                data-testid="reset-password"
              />
            )}
          />
          <FormField
            inputId="reset-confirm-password"
            control={control}
            name="confirmPassword"
            label={t('fields.confirmNewPassword')}
            required
            render={(field) => (
              <Input.Password
                {...field}
                id="reset-confirm-password"
                size="large"
                autoComplete="new-password"
                placeholder={t('placeholder.confirmPassword')}
                data-testid="reset-confirm-password"
              />
            )}
          />
          <FormAlert message={formError} testId="reset-error" />
          <Button
            type="primary"
            htmlType="submit"
            size="large"
            block
            loading={formState.isSubmitting}
            data-testid="reset-submit"
          >
            {t('reset.submit')}
          </Button>
        </Form>
      </form>
    </AuthCard>
  );
}
