// /user/index?key=tardPwd: the funds password (spec section 5). Without one, it is set once with the
// login password as proof (/api/user/tardPwdSet); with one, it is changed with the old one
// (/api/mjkj-web/coin/member/tradePwd). A forgotten funds password is reset by customer service only.
import { fundPasswordSchema } from '@coin/shared/password';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Form, Typography } from 'antd';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { InputField } from '@/lib/input-field';
import { useSessionStore } from '@/lib/session-store';
import { changeFundPassword } from '../api/change-fund-password';
import { setFundPassword } from '../api/set-fund-password';

const required = z.string({ error: 'validation.required' }).min(1, 'validation.required');

function withConfirm<T extends { newPassword: string; confirmPassword: string }>(v: T, ctx: z.RefinementCtx) {
  if (v.confirmPassword !== v.newPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'validation.passwordMismatch' });
  }
}

// One form shape for both modes: `current` is the login password when setting, the old funds password
// when changing.
const schema = z
  .object({ current: required, newPassword: fundPasswordSchema, confirmPassword: required })
  .superRefine(withConfirm);
type Values = z.infer<typeof schema>;

const EMPTY: Values = { current: '', newPassword: '', confirmPassword: '' };

export function FundPasswordForm() {
  const { t } = useTranslation('user');
  const hasFundPassword = useSessionStore((s) => s.userInfo?.hasFundPassword === true);
  const mode = hasFundPassword ? 'change' : 'set';
  const [formError, setFormError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const { control, handleSubmit, setError, reset, formState } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
  });

  const submit = handleSubmit(async (v) => {
    setFormError(null);
    setSuccess(null);
    try {
      if (mode === 'set') {
        await setFundPassword(
          { loginPassword: v.current, password: v.newPassword, confirmPassword: v.confirmPassword },
          { silent: true },
        );
        useSessionStore.getState().mergeUserInfo({ hasFundPassword: true });
      } else {
        await changeFundPassword(
          { oldPassword: v.current, newPassword: v.newPassword, confirmPassword: v.confirmPassword },
          { silent: true },
        );
      }
      const message = t(mode === 'set' ? 'tardPwd.setSuccess' : 'tardPwd.changeSuccess');
      reset(EMPTY);
      // Confirmed once, beside the form (a toast as well showed the same words twice).
      setSuccess(message);
    } catch (e) {
      const aliases =
        mode === 'set'
          ? { loginPassword: 'current' as const, password: 'newPassword' as const }
          : { oldPassword: 'current' as const };
      if (applyServerFieldErrors(e, setError, ['current', 'newPassword', 'confirmPassword'], aliases)) return;
      setFormError(isApiError(e) ? e.msg : t('common:errors.generic'));
    }
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      style={{ maxWidth: 420 }}
      data-testid="fund-password-form"
      data-mode={mode}
    >
      <Form layout="vertical" component={false}>
        <Typography.Paragraph type="secondary">
          {mode === 'set' ? t('tardPwd.setIntro') : t('tardPwd.changeIntro')}
        </Typography.Paragraph>
        {success ? (
          <Alert
            type="success"
            showIcon
            title={success}
            style={{ marginBottom: 16 }}
            data-testid="fund-password-success"
          />
        ) : null}
        <InputField
          control={control}
          name="current"
          id="fund-pwd-current"
          testId="fund-current-password"
          label={mode === 'set' ? t('tardPwd.loginPassword') : t('tardPwd.old')}
          required
          password
          size="middle"
          autoComplete={mode === 'set' ? 'current-password' : 'off'}
        />
        <InputField
          control={control}
          name="newPassword"
          id="fund-pwd-new"
          testId="fund-new-password"
          label={mode === 'set' ? t('tardPwd.password') : t('tardPwd.new')}
          required
          extra={t('tardPwd.rule')}
          password
          size="middle"
          autoComplete="off"
        />
        <InputField
          control={control}
          name="confirmPassword"
          id="fund-pwd-confirm"
          testId="fund-confirm-password"
          label={t('tardPwd.confirm')}
          required
          password
          size="middle"
          autoComplete="off"
        />
        {formError ? (
          <Alert
            type="error"
            showIcon
            title={formError}
            style={{ marginBottom: 16 }}
            data-testid="fund-password-error"
          />
        ) : null}
        <Button
          type="primary"
          htmlType="submit"
          loading={formState.isSubmitting}
          data-testid="fund-password-submit"
        >
          {mode === 'set' ? t('tardPwd.setSubmit') : t('tardPwd.changeSubmit')}
        </Button>
        <Typography.Paragraph
          type="secondary"
          style={{ marginTop: 16 }}
          data-testid="fund-password-forgotten"
        >
          {t('tardPwd.forgotten')}
        </Typography.Paragraph>
      </Form>
    </form>
  );
}
