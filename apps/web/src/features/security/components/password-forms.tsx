// The login-password and funds-password forms, with the authenticator code when one is bound. Used by
// /account/center/setting/login-pwd and /setting/trade-pwd and, composed by app/, by the user centre
// (/user/index?key=loginPwd|tardPwd), so both places behave the same. Labels come from the user-centre
// texts (`user` namespace), which these forms took over; the test ids are the user centre's too.
import { fundPasswordSchema, loginPasswordSchema } from '@coin/shared/password';
import { googleCodeSchema } from '@coin/shared/security-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { InputField } from '@/lib/input-field';
import { useSessionStore } from '@/lib/session-store';
import { securityInfoQuery } from '../api/security-info';
import { securityKeys } from '../api/security-keys';
import { changeFundPassword, changeLoginPassword, setFundPassword } from '../api/settings';
import { GoogleCodeInput } from './google-code-input';
import { FormMessage, useErrorMessage } from './security-ui';
import '../security.css';

const required = z.string({ error: 'validation.required' }).min(1, 'validation.required');

function passwordSchema(rule: z.ZodType<string>, needsGoogle: boolean) {
  return z
    .object({
      current: required,
      newPassword: rule,
      confirmPassword: required,
      googleCode: needsGoogle ? googleCodeSchema : z.string(),
    })
    .superRefine((v, ctx) => {
      if (v.confirmPassword !== v.newPassword) {
        ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'validation.passwordMismatch' });
      }
    });
}
interface Values {
  current: string;
  newPassword: string;
  confirmPassword: string;
  googleCode: string;
}
const EMPTY: Values = { current: '', newPassword: '', confirmPassword: '', googleCode: '' };

function useNeedsGoogle(): boolean {
  return useQuery(securityInfoQuery()).data?.googleBound === true;
}

export function LoginPasswordForm() {
  const { t } = useTranslation(['user', 'security']);
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const needsGoogle = useNeedsGoogle();
  const schema = useMemo(() => passwordSchema(loginPasswordSchema, needsGoogle), [needsGoogle]);
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const { control, handleSubmit, setError, reset, formState } = useForm<Values>({
    resolver: zodResolver(schema) as never,
    defaultValues: EMPTY,
  });
  const submit = handleSubmit(async (v) => {
    setFormError(null);
    setDone(false);
    try {
      await changeLoginPassword(
        {
          oldPassword: v.current,
          newPassword: v.newPassword,
          confirmPassword: v.confirmPassword,
          ...(needsGoogle ? { googleCode: v.googleCode } : {}),
        },
        { silent: true },
      );
      reset(EMPTY);
      setDone(true);
      void queryClient.invalidateQueries({ queryKey: securityKeys.all });
    } catch (e) {
      if (
        applyServerFieldErrors(e, setError, ['current', 'newPassword', 'confirmPassword', 'googleCode'], {
          oldPassword: 'current',
        })
      )
        return;
      setFormError(errorMessage(e));
    }
  });
  return (
    <form onSubmit={submit} noValidate className="security-form" data-testid="login-password-form">
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
        <Alert type="info" showIcon title={t('security:lock.changeWarning')} style={{ marginBottom: 16 }} />
        <InputField
          control={control}
          name="current"
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
        {needsGoogle ? (
          <GoogleCodeInput
            control={control}
            name="googleCode"
            id="login-pwd-google"
            testId="login-password-google"
          />
        ) : null}
        <FormMessage type="error" message={formError} testId="login-password-error" />
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

export function FundPasswordForm() {
  const { t } = useTranslation(['user', 'security']);
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const hasFundPassword = useSessionStore((s) => s.userInfo?.hasFundPassword === true);
  const mode = hasFundPassword ? 'change' : 'set';
  const needsGoogle = useNeedsGoogle();
  const schema = useMemo(() => passwordSchema(fundPasswordSchema, needsGoogle), [needsGoogle]);
  const [formError, setFormError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const { control, handleSubmit, setError, reset, formState } = useForm<Values>({
    resolver: zodResolver(schema) as never,
    defaultValues: EMPTY,
  });
  const submit = handleSubmit(async (v) => {
    setFormError(null);
    setSuccess(null);
    const googleCode = needsGoogle ? { googleCode: v.googleCode } : {};
    try {
      if (mode === 'set') {
        await setFundPassword(
          {
            loginPassword: v.current,
            password: v.newPassword,
            confirmPassword: v.confirmPassword,
            ...googleCode,
          },
          { silent: true },
        );
        useSessionStore.getState().mergeUserInfo({ hasFundPassword: true });
      } else {
        await changeFundPassword(
          {
            oldPassword: v.current,
            newPassword: v.newPassword,
            confirmPassword: v.confirmPassword,
            ...googleCode,
          },
          { silent: true },
        );
      }
      reset(EMPTY);
      setSuccess(t(mode === 'set' ? 'tardPwd.setSuccess' : 'tardPwd.changeSuccess'));
      void queryClient.invalidateQueries({ queryKey: securityKeys.all });
    } catch (e) {
      const aliases =
        mode === 'set'
          ? { loginPassword: 'current' as const, password: 'newPassword' as const }
          : { oldPassword: 'current' as const };
      if (
        applyServerFieldErrors(
          e,
          setError,
          ['current', 'newPassword', 'confirmPassword', 'googleCode'],
          aliases,
        )
      )
        return;
      setFormError(errorMessage(e));
    }
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      className="security-form"
      data-testid="fund-password-form"
      data-mode={mode}
    >
      <Form layout="vertical" component={false}>
        <Typography.Paragraph type="secondary">
          {mode === 'set' ? t('tardPwd.setIntro') : t('tardPwd.changeIntro')}
        </Typography.Paragraph>
        <FormMessage type="success" message={success} testId="fund-password-success" />
        {mode === 'change' ? (
          <Alert type="info" showIcon title={t('security:lock.changeWarning')} style={{ marginBottom: 16 }} />
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
        {needsGoogle ? (
          <GoogleCodeInput
            control={control}
            name="googleCode"
            id="fund-pwd-google"
            testId="fund-password-google"
          />
        ) : null}
        <FormMessage type="error" message={formError} testId="fund-password-error" />
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
