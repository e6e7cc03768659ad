// Email certification: an account registered by phone binds an email with a `bind` code sent to it
// (POST /api/user/bindEmail). An email this platform already holds was confirmed by a code when it was
// added, so it is certified; changing it is a security setting.
import { bindEmailBodySchema } from '@coin/shared/identity-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Skeleton, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { InputField } from '@/lib/input-field';
import { useSessionStore } from '@/lib/session-store';
import { toast } from '@/lib/toast';
import { identityKeys } from '../api/identity-keys';
import { bindEmail, kycStateQuery, sendBindEmailCode } from '../api/kyc-api';

type Values = z.input<typeof bindEmailBodySchema>;
const RESEND_SECONDS = 60;

export function EmailCertification() {
  const { t } = useTranslation('identity');
  const qc = useQueryClient();
  const state = useQuery(kycStateQuery());
  const [formError, setFormError] = useState<string | null>(null);
  const [wait, setWait] = useState(0);
  const [sending, setSending] = useState(false);
  const { control, handleSubmit, setError, trigger, getValues } = useForm<Values>({
    resolver: zodResolver(bindEmailBodySchema),
    defaultValues: { email: '', code: '' },
  });
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);
  const mutation = useMutation({
    mutationFn: bindEmail,
    onSuccess: (data) => {
      toast.success(t('email.done'));
      useSessionStore.getState().mergeUserInfo({ email: data.email, hasEmail: true });
      void qc.invalidateQueries({ queryKey: identityKeys.kyc() });
    },
    onError: (e) => {
      if (applyServerFieldErrors(e, setError, ['email', 'code'])) return;
      setFormError(isApiError(e) ? e.msg : t('common:errors.generic'));
    },
  });

  if (state.isLoading) return <Skeleton active />;
  const email = state.data?.email;
  if (email?.certified) {
    return (
      <Space data-testid="email-certified">
        <Tag color="green">{t('status.passed')}</Tag>
        <span>{email.email}</span>
      </Space>
    );
  }

  const send = async () => {
    if (!(await trigger('email'))) return;
    setSending(true);
    setFormError(null);
    try {
      await sendBindEmailCode(getValues('email').trim());
      toast.success(t('email.codeSent'));
      setWait(RESEND_SECONDS);
    } catch (e) {
      if (!applyServerFieldErrors(e, setError, ['email']))
        setFormError(isApiError(e) ? e.msg : t('common:errors.generic'));
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      noValidate
      style={{ maxWidth: 460 }}
      data-testid="email-certification-form"
      onSubmit={handleSubmit((v) => {
        setFormError(null);
        mutation.mutate({ email: v.email.trim(), code: v.code });
      })}
    >
      <Form layout="vertical" component={false}>
        <Typography.Paragraph type="secondary">{t('email.intro')}</Typography.Paragraph>
        <InputField
          control={control}
          name="email"
          id="bind-email"
          label={t('email.email')}
          required
          size="middle"
          autoComplete="email"
        />
        <Flex gap={8} align="flex-start">
          <div style={{ flex: 1 }}>
            <InputField
              control={control}
              name="code"
              id="bind-email-code"
              label={t('email.code')}
              required
              size="middle"
              inputMode="numeric"
              maxLength={6}
              autoComplete="one-time-code"
            />
          </div>
          <Button
            style={{ marginTop: 30 }}
            disabled={wait > 0}
            loading={sending}
            onClick={() => void send()}
            data-testid="bind-email-send"
          >
            {wait > 0 ? t('email.resendIn', { seconds: wait }) : t('email.send')}
          </Button>
        </Flex>
        {formError ? (
          <Alert
            type="error"
            showIcon
            title={formError}
            style={{ marginBottom: 16 }}
            data-testid="bind-email-error"
          />
        ) : null}
        <Button type="primary" htmlType="submit" loading={mutation.isPending} data-testid="bind-email-submit">
          {t('email.submit')}
        </Button>
      </Form>
    </form>
  );
}
