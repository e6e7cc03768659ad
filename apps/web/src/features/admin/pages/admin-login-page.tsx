// Operator sign-in (username and password). Kept apart from the user login: the operator token goes
// to the admin session only.
import { useNavigate } from '@tanstack/react-router';
import { Alert, Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { operatorLogin } from '../api/console-api';
import { useAdminSession } from '../lib/admin-session';
import { landingPath } from '../lib/console-rules';
import { rememberOneTimePassword } from '../lib/pending-password';

export function AdminLoginPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const signIn = useAdminSession((s) => s.signIn);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (values: { username: string; password: string }) => {
    setBusy(true);
    setError(null);
    try {
      const res = await operatorLogin(values.username.trim(), values.password);
      signIn(res.satoken, res.refreshToken, res.operator);
      rememberOneTimePassword(res.operator.mustChangePassword ? values.password : null);
      await navigate({ to: landingPath(res.operator), replace: true });
    } catch (e) {
      setError(isApiError(e) ? e.msg : t('login.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="admin-center">
      <Card className="admin-auth-card" title={t('login.title')}>
        <p className="admin-muted">{t('login.hint')}</p>
        {error ? (
          <Alert
            type="error"
            showIcon
            message={error}
            data-testid="admin-login-error"
            className="admin-gap"
          />
        ) : null}
        <Form layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item
            name="username"
            label={t('login.username')}
            rules={[{ required: true, whitespace: true, message: t('form.required') }]}
          >
            <Input data-testid="admin-login-username" autoComplete="username" maxLength={64} />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('login.password')}
            rules={[{ required: true, message: t('form.required') }]}
          >
            <Input.Password
              data-testid="admin-login-password"
              autoComplete="current-password"
              maxLength={128}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="admin-login-submit">
            {t('login.submit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
