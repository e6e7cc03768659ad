// /account/center/setting/google: bind a Google (TOTP) authenticator: scan the QR code (rendered here
// from the otpauth URI) or type the key, then confirm with the login password and a current code. With
// one bound: reset (remove) it with the login password and a current code; new withdrawals lock for a
// while after that.
import { googleCodeSchema } from '@coin/shared/security-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Skeleton, Steps, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { InputField } from '@/lib/input-field';
import { bindOrResetGoogle, getGoogleSetup } from '../api/google';
import { securityInfoQuery } from '../api/security-info';
import { securityKeys } from '../api/security-keys';
import { GoogleCodeInput } from '../components/google-code-input';
import { FormMessage, SectionCard, useErrorMessage } from '../components/security-ui';

const QRCodeSVG = lazy(() => import('qrcode.react').then((m) => ({ default: m.QRCodeSVG })));

const schema = z.object({
  password: z.string({ error: 'validation.required' }).min(1, 'validation.required').max(128),
  code: googleCodeSchema,
});
type Values = z.infer<typeof schema>;

function CodeForm({ mode, onDone }: { mode: 'bind' | 'reset'; onDone(): void }) {
  const { t } = useTranslation('security');
  const errorMessage = useErrorMessage();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', code: '' },
  });
  const submit = handleSubmit(async (v) => {
    setFormError(null);
    try {
      await bindOrResetGoogle({ code: v.code, type: mode, password: v.password }, { silent: true });
      onDone();
    } catch (e) {
      if (applyServerFieldErrors(e, setError, ['password', 'code'], { x: 'code' })) return;
      setFormError(errorMessage(e));
    }
  });
  return (
    <form onSubmit={submit} noValidate className="security-form" data-testid={`google-${mode}-form`}>
      <Form layout="vertical" component={false}>
        <InputField
          control={control}
          name="password"
          id={`google-${mode}-password`}
          testId="google-password"
          label={t('fields.loginPassword')}
          required
          password
          size="middle"
          autoComplete="current-password"
        />
        <GoogleCodeInput control={control} name="code" id={`google-${mode}-code`} testId="google-code" />
        <FormMessage type="error" message={formError} testId="google-error" />
        <Button
          type="primary"
          htmlType="submit"
          danger={mode === 'reset'}
          loading={formState.isSubmitting}
          data-testid="google-submit"
        >
          {mode === 'bind' ? t('google.bindSubmit') : t('google.resetSubmit')}
        </Button>
      </Form>
    </form>
  );
}

function BindFlow({ onBound }: { onBound(): void }) {
  const { t } = useTranslation('security');
  const [fresh, setFresh] = useState(0);
  const setup = useQuery({
    queryKey: [...securityKeys.all, 'googleSetup', fresh],
    queryFn: ({ signal }) => getGoogleSetup(fresh > 0, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  return (
    <>
      <Steps
        direction="vertical"
        size="small"
        current={-1}
        items={[
          { title: t('google.step1'), description: t('google.step1Text') },
          {
            title: t('google.step2'),
            description: (
              <div className="security-google-setup">
                {setup.data ? (
                  <>
                    <div className="security-qr" data-testid="google-qr">
                      <Suspense fallback={<Skeleton.Image active />}>
                        <QRCodeSVG value={setup.data.otpauthUri} size={168} marginSize={2} />
                      </Suspense>
                    </div>
                    <div>
                      <div>{t('google.manualKey')}</div>
                      <Typography.Text
                        code
                        copyable={{ text: setup.data.secret }}
                        data-testid="google-secret"
                        className="security-secret"
                      >
                        {setup.data.secret}
                      </Typography.Text>
                      <div className="security-muted" style={{ marginTop: 8 }}>
                        {t('google.account', { issuer: setup.data.issuer, account: setup.data.account })}
                      </div>
                      <Button
                        size="small"
                        type="link"
                        style={{ padding: 0 }}
                        onClick={() => setFresh((n) => n + 1)}
                        data-testid="google-new-key"
                      >
                        {t('google.newKey')}
                      </Button>
                    </div>
                  </>
                ) : setup.isError ? (
                  <Alert
                    type="error"
                    showIcon
                    title={setup.error instanceof Error ? setup.error.message : ''}
                  />
                ) : (
                  <Skeleton active />
                )}
              </div>
            ),
          },
          { title: t('google.step3'), description: <CodeForm mode="bind" onDone={onBound} /> },
        ]}
      />
      <Alert type="info" showIcon title={t('google.backupHint')} style={{ marginTop: 16 }} />
    </>
  );
}

export function GoogleSettingPage() {
  const { t } = useTranslation('security');
  const queryClient = useQueryClient();
  const info = useQuery(securityInfoQuery());
  const [done, setDone] = useState<string | null>(null);
  const refresh = (message: string) => {
    setDone(message);
    void queryClient.invalidateQueries({ queryKey: securityKeys.all });
  };
  return (
    <SectionCard title={t('google.title')} testId="google-setting">
      <FormMessage type="success" message={done} testId="google-success" />
      {info.isPending ? (
        <Skeleton active />
      ) : info.data?.googleBound ? (
        <>
          <p data-testid="google-bound">{t('google.boundText')}</p>
          <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('google.resetWarning')} />
          <CodeForm mode="reset" onDone={() => refresh(t('google.resetDone'))} />
        </>
      ) : (
        <>
          <p className="security-muted">{t('google.intro')}</p>
          <BindFlow onBound={() => refresh(t('google.bound'))} />
        </>
      )}
    </SectionCard>
  );
}
