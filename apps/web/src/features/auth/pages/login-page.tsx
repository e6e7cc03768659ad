// /user/login (spec sections 2 and 4): log in by account name, email or phone. On success the token and
// user info are stored, the current user info is fetched and merged, and the user goes to the
// `redirect` parameter (a path in this app) or /home/index. Errors are shown inline, not as toasts.
// Two-step login (spec section 8): an account with a Google authenticator answers the first call with the
// step-1 control signal (no toast); the form then asks for the authenticator code and sends the same
// credentials again with `googleCode`.
import { emailSchema, LOGIN_TYPES, type LoginBody, type LoginType } from '@coin/shared/auth-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { Button, Form, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isApiError, isLoginStep1 } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { InputField } from '@/lib/input-field';
import { useSessionStore } from '@/lib/session-store';
import { toast } from '@/lib/toast';
import { getInfo } from '../api/get-info';
import { type LoginResult, login } from '../api/login';
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

/** Stores the session of a successful login and fetches the current user info. */
async function completeLogin(result: LoginResult): Promise<void> {
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
}

const googleCodeForm = z.object({
  googleCode: z.string({ error: 'validation.required' }).regex(/^\d{6}$/, 'validation.googleCode'),
});

/** Step 2: the authenticator code, sent with the credentials of step 1. */
function SecondStepPanel({
  credentials,
  onBack,
  onDone,
}: {
  credentials: LoginBody;
  onBack(): void;
  onDone(): void;
}) {
  const { t } = useTranslation('auth');
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<{ googleCode: string }>({
    resolver: zodResolver(googleCodeForm),
    defaultValues: { googleCode: '' },
  });
  const submit = handleSubmit(async ({ googleCode }) => {
    setFormError(null);
    try {
      await completeLogin(await login({ ...credentials, googleCode }, { silent: true }));
      toast.success(t('login.success'));
      onDone();
    } catch (e) {
      if (applyServerFieldErrors(e, setError, ['googleCode'])) return;
      setFormError(isApiError(e) ? e.msg : t('common:errors.generic'));
    }
  });
  return (
    <form onSubmit={submit} noValidate data-testid="login-step2">
      <Form layout="vertical" component={false}>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {t('login.twoStep.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('login.twoStep.hint')}</Typography.Paragraph>
        <InputField
          control={control}
          name="googleCode"
          id="login-google-code"
          testId="login-google-code"
          label={t('login.twoStep.code')}
          required
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder={t('login.twoStep.placeholder')}
        />
        <FormAlert message={formError} testId="login-error" />
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          block
          loading={formState.isSubmitting}
          data-testid="login-step2-submit"
        >
          {t('login.twoStep.submit')}
        </Button>
        <Button type="link" block onClick={onBack} style={{ marginTop: 8 }} data-testid="login-step2-back">
          {t('login.twoStep.back')}
        </Button>
      </Form>
    </form>
  );
}

function LoginFormPanel({ type, onDone }: { type: LoginType; onDone(): void }) {
  const { t } = useTranslation('auth');
  const [formError, setFormError] = useState<string | null>(null);
  const [secondStep, setSecondStep] = useState<LoginBody | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<LoginForm>({
    resolver: zodResolver(schemas[type]),
    defaultValues: { username: '', password: '' },
  });

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    const credentials: LoginBody = {
      type,
      username: values.username.trim(),
      password: values.password,
      deviceId: getDeviceId(),
    };
    try {
      await completeLogin(await login(credentials, { silent: true }));
      toast.success(t('login.success'));
      onDone();
    } catch (e) {
      // The password was right and a second factor is needed: not an error.
      if (isLoginStep1(e)) {
        setSecondStep(credentials);
        return;
      }
      if (applyServerFieldErrors(e, setError, ['username', 'password'])) return;
      setFormError(isApiError(e) ? e.msg : t('common:errors.generic'));
    }
  });

  if (secondStep) {
    return <SecondStepPanel credentials={secondStep} onBack={() => setSecondStep(null)} onDone={onDone} />;
  }

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
