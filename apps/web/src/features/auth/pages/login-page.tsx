// /user/login (spec sections 2 and 4): log in by account name, email or phone. On success the token and
// user info are stored, the current user info is fetched and merged, and the user goes to the
// `redirect` parameter (a path in this app) or /home/index. Errors are shown inline, not as toasts.
import { emailSchema, LOGIN_TYPES, type LoginType } from '@coin/shared/auth-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { Button, Form, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { InputField } from '@/lib/input-field';
import { useSessionStore } from '@/lib/session-store';
import { toast } from '@/lib/toast';
import { getInfo } from '../api/get-info';
import { login } from '../api/login';
import { AuthCard } from '../components/auth-card';
import { FormAlert } from '../components/form-alert';
import { PhoneField } from '../components/phone-input';
import { canonicalPhoneSchema } from '../contact-target';
import { getDeviceId } from '../device-id';
import { redirectFromSearch } from '../redirect';

const passwordField = z.string({ error: 'validation.required' }).min(1, 'validation.required').max(128);

// Account names are checked for shape only on the account tab; older accounts may predate the rule,
// so login accepts any non-empty name there and lets the server decide.
const schemas = {
  account: z.object({
    username: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(254),
    password: passwordField,
  }),
  email: z.object({ username: emailSchema, password: passwordField }),
  // The phone input composes the canonical phone, the form the server stored at registration.
  phone: z.object({ username: canonicalPhoneSchema, password: passwordField }),
} satisfies Record<LoginType, z.ZodType>;

/** How the browser should fill and key in the name on the tabs with a plain text box. */
const USERNAME_INPUT = {
  account: { inputMode: 'text', autoComplete: 'username' },
  email: { inputMode: 'email', autoComplete: 'email' },
} as const;

type LoginForm = { username: string; password: string };

function LoginFormPanel({ type, onDone }: { type: LoginType; onDone(): void }) {
  const { t } = useTranslation('auth');
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<LoginForm>({
    resolver: zodResolver(schemas[type]),
    defaultValues: { username: '', password: '' },
  });

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const result = await login(
        { type, username: values.username.trim(), password: values.password, deviceId: getDeviceId() },
        { silent: true },
      );
      const session = useSessionStore.getState();
      session.setLogin({
        token: result.satoken,
        refreshToken: result.refreshToken,
        userInfo: result.userInfo,
      });
      try {
        session.mergeUserInfo(await getInfo({ silent: true }));
      } catch {
        // The login reply already carried the user info; the shell fetches it again later.
      }
      toast.success(t('login.success'));
      onDone();
    } catch (e) {
      if (applyServerFieldErrors(e, setError, ['username', 'password'])) return;
      setFormError(isApiError(e) ? e.msg : t('common:errors.generic'));
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid={`login-form-${type}`}>
      <Form layout="vertical" component={false}>
        {type === 'phone' ? (
          <PhoneField
            control={control}
            name="username"
            id="login-phone-username"
            testId="login-username"
            countryTestId="login-country"
            label={t('login.username.phone')}
            required
          />
        ) : (
          <InputField
            control={control}
            name="username"
            id={`login-${type}-username`}
            testId="login-username"
            label={t(`login.username.${type}`)}
            required
            {...USERNAME_INPUT[type]}
            placeholder={t(`login.placeholder.${type}`)}
          />
        )}
        <InputField
          control={control}
          name="password"
          id={`login-${type}-password`}
          testId="login-password"
          label={t('fields.password')}
          required
          password
          autoComplete="current-password"
          placeholder={t('placeholder.password')}
        />
        <FormAlert message={formError} testId="login-error" />
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          block
          loading={formState.isSubmitting}
          data-testid="login-submit"
        >
          {t('login.submit')}
        </Button>
      </Form>
    </form>
  );
}

export function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const searchStr = useLocation({ select: (l) => l.searchStr });
  const [type, setType] = useState<LoginType>('account');

  const done = () => {
    void navigate({ href: redirectFromSearch(searchStr), replace: true });
  };

  return (
    <AuthCard
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      testId="login-page"
      footer={
        <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
          <Typography.Text>
            {t('login.noAccount')}{' '}
            <Link to="/user/register" data-testid="login-to-register">
              {t('login.toRegister')}
            </Link>
          </Typography.Text>
          <Link to="/user/reset" data-testid="login-to-reset">
            {t('login.forgot')}
          </Link>
        </Space>
      }
    >
      <Tabs
        activeKey={type}
        onChange={(key) => setType(key as LoginType)}
        items={LOGIN_TYPES.map((k) => ({
          key: k,
          label: <span data-testid={`login-tab-${k}`}>{t(`login.tabs.${k}`)}</span>,
        }))}
      />
      <LoginFormPanel key={type} type={type} onDone={done} />
    </AuthCard>
  );
}
