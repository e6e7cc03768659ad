// /account/center/setting/anti-code: set or change the anti-phishing code. Every email the platform
// sends then starts with it, so a message without it is not from us.
import { antiCodeSchema, googleCodeSchema } from '@coin/shared/security-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Skeleton } from 'antd';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { InputField } from '@/lib/input-field';
import { securityInfoQuery } from '../api/security-info';
import { securityKeys } from '../api/security-keys';
import { setAntiCode } from '../api/settings';
import { GoogleCodeInput } from '../components/google-code-input';
import { FormMessage, SectionCard, useErrorMessage } from '../components/security-ui';

interface Values {
  antiCode: string;
  googleCode: string;
}

export function AntiCodePage() {
  const { t } = useTranslation('security');
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const info = useQuery(securityInfoQuery());
  const needsGoogle = info.data?.googleBound === true;
  const schema = useMemo(
    () => z.object({ antiCode: antiCodeSchema, googleCode: needsGoogle ? googleCodeSchema : z.string() }),
    [needsGoogle],
  );
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { control, handleSubmit, setError, reset, formState } = useForm<Values>({
    resolver: zodResolver(schema) as never,
    defaultValues: { antiCode: '', googleCode: '' },
  });
  const submit = handleSubmit(async (v) => {
    setFormError(null);
    setDone(null);
    try {
      await setAntiCode(v.antiCode.trim(), needsGoogle ? v.googleCode : undefined, { silent: true });
      reset();
      setDone(t('antiCode.saved'));
      void queryClient.invalidateQueries({ queryKey: securityKeys.info() });
    } catch (e) {
      if (applyServerFieldErrors(e, setError, ['antiCode', 'googleCode'])) return;
      setFormError(errorMessage(e));
    }
  });
  return (
    <SectionCard title={t('antiCode.title')} testId="anti-code-setting">
      <p className="security-muted">{t('antiCode.intro')}</p>
      <FormMessage type="success" message={done} testId="anti-code-success" />
      {info.isPending ? (
        <Skeleton active />
      ) : (
        <form onSubmit={submit} noValidate className="security-form" data-testid="anti-code-form">
          <Form layout="vertical" component={false}>
            {info.data?.hasAntiCode ? (
              <p>
                {t('antiCode.current')} <strong data-testid="anti-code-current">{info.data.antiCode}</strong>
              </p>
            ) : null}
            <InputField
              control={control}
              name="antiCode"
              id="anti-code-input"
              testId="anti-code-input"
              label={info.data?.hasAntiCode ? t('antiCode.newLabel') : t('antiCode.label')}
              required
              size="middle"
              maxLength={20}
              autoComplete="off"
              extra={t('antiCode.rule')}
            />
            {needsGoogle ? (
              <GoogleCodeInput control={control} name="googleCode" id="anti-code-google" />
            ) : null}
            <FormMessage type="error" message={formError} testId="anti-code-error" />
            <Button
              type="primary"
              htmlType="submit"
              loading={formState.isSubmitting}
              data-testid="anti-code-submit"
            >
              {t('antiCode.submit')}
            </Button>
          </Form>
        </form>
      )}
    </SectionCard>
  );
}
