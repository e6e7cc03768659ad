// /user/index?key=loginPwd: change the login password (old, new, confirm). The fields are sent
// base64-encoded; on success the server signs out every other device, which the message says.
import { loginPasswordSchema } from '@coin/shared/password';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Form } from 'antd';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { InputField } from '@/lib/input-field';
import { updateLoginPassword } from '../api/update-login-password';

const required = z.string({ error: 'validation.required' }).min(1, 'validation.required');

const schema = z
  .object({ oldPassword: required, newPassword: loginPasswordSchema, confirmPassword: required })
  .superRefine((v, ctx) => {
    if (v.confirmPassword !== v.newPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'validation.passwordMismatch' });
    }
  });
type Values = z.infer<typeof schema>;

const EMPTY: Values = { oldPassword: '', newPassword: '', confirmPassword: '' };

export function LoginPasswordForm() {
  const { t } = useTranslation('user');
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const { control, handleSubmit, setError, reset, formState } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
  });

  const submit = handleSubmit(async (v) => {
    setFormError(null);
    setDone(false);
    try {
      await updateLoginPassword(v, { silent: true });
      reset(EMPTY);
      // Confirmed once, beside the form (no toast with the same words as well).
      setDone(true);
    } catch (e) {
      if (applyServerFieldErrors(e, setError, ['oldPassword', 'newPassword', 'confirmPassword'])) return;
      setFormError(isApiError(e) ? e.msg : t('common:errors.generic'));
    }
  });

  return (
    <form onSubmit={submit} noValidate style={{ maxWidth: 420 }} data-testid="login-password-form">
      <Form layout="vertical" component={false}>
        {done ? (
          <Alert
            type="success"
            showIcon
            title={t('loginPwd.success')}
            style={{ marginBottom: 16 }}
            data-testid="login-password-success"
          />
        ) : null}
        <InputField
          control={control}
          name="oldPassword"
          id="login-pwd-old"
          testId="old-password"
          label={t('loginPwd.old')}
          required
          password
          size="middle"
          autoComplete="current-password"
        />
        <InputField
          control={control}
          name="newPassword"
          id="login-pwd-new"
          testId="new-password"
          label={t('loginPwd.new')}
          required
          extra={t('loginPwd.rule')}
          password
          size="middle"
          autoComplete="new-password"
        />
        <InputField
          control={control}
          name="confirmPassword"
          id="login-pwd-confirm"
          testId="confirm-password"
          label={t('loginPwd.confirm')}
          required
          password
          size="middle"
          autoComplete="new-password"
        />
        {formError ? (
          <Alert
            type="error"
            showIcon
            title={formError}
            style={{ marginBottom: 16 }}
            data-testid="login-password-error"
          />
        ) : null}
        <Button
          type="primary"
          htmlType="submit"
          loading={formState.isSubmitting}
          data-testid="login-password-submit"
        >
          {t('loginPwd.submit')}
        </Button>
      </Form>
    </form>
  );
}
