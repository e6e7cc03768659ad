// The forced change of the one-time (or admin-set) password; until it is done the server answers every
// other console call with OPERATOR_PASSWORD_CHANGE_REQUIRED. Also reachable later from the sidebar.
import { isLoginPassword } from '@coin/shared/password';
import { useNavigate } from '@tanstack/react-router';
import { Alert, Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { changeOperatorPassword, operatorMe } from '../api/console-api';
import { useAdminSession } from '../lib/admin-session';
import { landingPath } from '../lib/console-rules';
import { rememberOneTimePassword, takeOneTimePassword } from '../lib/pending-password';

interface Values {
  oldPassword?: string;
  newPassword: string;
  confirm: string;
}

export function AdminPasswordPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const operator = useAdminSession((s) => s.operator);
  const setOperator = useAdminSession((s) => s.setOperator);
  const [remembered] = useState(takeOneTimePassword);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<Values>();

  const submit = async (values: Values) => {
    const oldPassword = values.oldPassword ?? '';
    setBusy(true);
    setError(null);
    try {
      await changeOperatorPassword(oldPassword, values.newPassword);
      rememberOneTimePassword(null);
      const me = await operatorMe();
      setOperator(me);
      await navigate({ to: landingPath(me), replace: true });
    } catch (e) {
      if (isApiError(e) && e.errors.length > 0) {
        form.setFields(
          e.errors.map((fe) => ({
            name: fe.field as keyof Values,
            errors: [fe.message],
          })),
        );
      } else setError(isApiError(e) ? e.msg : t('login.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="admin-center">
      <Card className="admin-auth-card" title={t('password.title')}>
        <p className="admin-muted">
          {operator?.mustChangePassword ? t('password.forcedHint') : t('password.hint')}
        </p>
        {error ? <Alert type="error" showIcon message={error} className="admin-gap" /> : null}
        <Form
          form={form}
          layout="vertical"
          onFinish={submit}
          requiredMark={false}
          initialValues={{ oldPassword: remembered ?? '' }}
        >
          <Form.Item
            name="oldPassword"
            label={t('password.old')}
            rules={[{ required: true, message: t('form.required') }]}
          >
            <Input.Password data-testid="admin-oldpwd" autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            name="newPassword"
            label={t('password.new')}
            extra={t('password.rule')}
            rules={[
              { required: true, message: t('form.required') },
              {
                validator: (_rule, value: string | undefined) =>
                  !value || isLoginPassword(value)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('password.rule'))),
              },
            ]}
          >
            <Input.Password data-testid="admin-newpwd" autoComplete="new-password" maxLength={20} />
          </Form.Item>
          <Form.Item
            name="confirm"
            label={t('password.confirm')}
            dependencies={['newPassword']}
            rules={[
              { required: true, message: t('form.required') },
              ({ getFieldValue }) => ({
                validator: (_rule, value) =>
                  value === getFieldValue('newPassword')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('password.mismatch'))),
              }),
            ]}
          >
            <Input.Password data-testid="admin-newpwd-confirm" autoComplete="new-password" maxLength={20} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="admin-newpwd-submit">
            {t('password.submit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
