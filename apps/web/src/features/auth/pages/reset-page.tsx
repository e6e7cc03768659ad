// /user/reset (spec sections 2 and 8): find the password by email or phone. A `reset` code goes to the
// address (the server answers the same whether or not it is registered), then the new password is set
// with /api/user/backPwd, every session is signed out and the user is sent to log in again.
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
import { useSessionStore } from '@/lib/session-store';
import { toast } from '@/lib/toast';
import { resetPassword } from '../api/reset-password';
import { AuthCard } from '../components/auth-card';
import { ContactCodeFields, ContactTypeTabs } from '../components/contact-code-fields';
import { FormAlert } from '../components/form-alert';
import { checkContactTarget, contactCodeShape } from '../contact-target';

const resetFormSchema = z
  .object({
    ...contactCodeShape,
    password: loginPasswordSchema,
    confirmPassword: z.string({ error: 'validation.required' }).min(1, 'validation.required'),
  })
  .superRefine((v, ctx) => {
    checkContactTarget(v, ctx);
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
  const form = useForm<ResetForm>({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { type: 'email', target: '', code: '', password: '', confirmPassword: '' },
  });
  const { control, handleSubmit, setError, formState } = form;

  const submit = handleSubmit(async (v) => {
    setFormError(null);
    try {
      await resetPassword(
        {
          type: v.type,
          // A phone target is already canonical (the phone input composes it).
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
      <ContactTypeTabs form={form} idPrefix="reset" />
      <form onSubmit={submit} noValidate data-testid="reset-form">
        <Form layout="vertical" component={false}>
          <ContactCodeFields form={form} idPrefix="reset" purpose="reset" fields={FIELDS} />
          <InputField
            control={control}
            name="password"
            id="reset-password"
            label={t('fields.newPassword')}
            required
            extra={t('hint.password')}
            password
            autoComplete="new-password"
            placeholder={t('placeholder.newPassword')}
          />
          <InputField
            control={control}
            name="confirmPassword"
            id="reset-confirm-password"
            label={t('fields.confirmNewPassword')}
            required
            password
            autoComplete="new-password"
            placeholder={t('placeholder.confirmPassword')}
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
