// /account/center/setting/email and /setting/phone: bind an address with a code sent to it; change it
// with codes sent to the new and to the current address (and the authenticator code when one is bound).
// A change locks new withdrawals for a while, which the page says before and after.
import { emailSchema, phoneSchema } from '@coin/shared/auth-schemas';
import { googleCodeSchema } from '@coin/shared/security-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Skeleton } from 'antd';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { InputField } from '@/lib/input-field';
import { useSessionStore } from '@/lib/session-store';
import { securityInfoQuery } from '../api/security-info';
import { securityKeys } from '../api/security-keys';
import { bindContact, type ContactChannel, sendSecurityCode } from '../api/settings';
import { GoogleCodeInput } from '../components/google-code-input';
import { FormMessage, SectionCard, SendCodeButton, useErrorMessage } from '../components/security-ui';

const code = z.string({ error: 'validation.required' }).regex(/^\d{6}$/, 'validation.code');

function schemaFor(channel: ContactChannel, changing: boolean, needsGoogle: boolean) {
  const target =
    channel === 'email'
      ? z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').pipe(emailSchema)
      : z
          .string({ error: 'validation.required' })
          .trim()
          .min(1, 'validation.required')
          .transform((s) => s.replace(/[\s-]/g, ''))
          .pipe(phoneSchema);
  return z.object({
    target,
    code,
    oldCode: changing ? code : z.string(),
    googleCode: needsGoogle ? googleCodeSchema : z.string(),
  });
}
interface Values {
  target: string;
  code: string;
  oldCode: string;
  googleCode: string;
}

export function ContactSettingPage({ channel }: { channel: ContactChannel }) {
  const { t } = useTranslation('security');
  const kind = channel === 'email' ? 'email' : 'phone';
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const info = useQuery(securityInfoQuery());
  const current = channel === 'email' ? info.data?.email : info.data?.phone;
  const changing = Boolean(channel === 'email' ? info.data?.hasEmail : info.data?.hasPhone);
  const needsGoogle = info.data?.googleBound === true;
  const schema = useMemo(() => schemaFor(channel, changing, needsGoogle), [channel, changing, needsGoogle]);
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { control, handleSubmit, setError, getValues, trigger, reset, formState } = useForm<Values>({
    resolver: zodResolver(schema) as never,
    defaultValues: { target: '', code: '', oldCode: '', googleCode: '' },
  });

  const sendNew = async () => {
    setFormError(null);
    if (!(await trigger('target'))) throw new Error('invalid target');
    const parsed = schema.shape.target.safeParse(getValues('target'));
    try {
      await sendSecurityCode(
        { channel, purpose: 'bind', target: parsed.success ? parsed.data : getValues('target') },
        { silent: true },
      );
    } catch (e) {
      if (!applyServerFieldErrors(e, setError, ['target'])) setFormError(errorMessage(e));
      throw e;
    }
  };
  const sendOld = async () => {
    setFormError(null);
    try {
      await sendSecurityCode({ channel, purpose: 'security' }, { silent: true });
    } catch (e) {
      setFormError(errorMessage(e));
      throw e;
    }
  };

  const submit = handleSubmit(async (v) => {
    setFormError(null);
    setDone(null);
    try {
      await bindContact(
        channel,
        {
          target: v.target,
          code: v.code,
          ...(changing ? { oldCode: v.oldCode } : {}),
          ...(needsGoogle ? { googleCode: v.googleCode } : {}),
        },
        { silent: true },
      );
      setDone(changing ? t(`${kind}.changed`) : t(`${kind}.bound`));
      reset();
      void queryClient.invalidateQueries({ queryKey: securityKeys.all });
      // getInfo carries the masked address too.
      useSessionStore.getState().mergeUserInfo(channel === 'email' ? { hasEmail: true } : { hasPhone: true });
    } catch (e) {
      if (
        applyServerFieldErrors(e, setError, ['target', 'code', 'oldCode', 'googleCode'], {
          email: 'target',
          phone: 'target',
        })
      )
        return;
      setFormError(errorMessage(e));
    }
  });

  return (
    <SectionCard
      title={changing ? t(`${kind}.changeTitle`) : t(`${kind}.bindTitle`)}
      testId={`${kind}-setting`}
    >
      <FormMessage type="success" message={done} testId={`${kind}-success`} />
      {info.isPending ? (
        <Skeleton active />
      ) : (
        <form onSubmit={submit} noValidate className="security-form" data-testid={`${kind}-form`}>
          <Form layout="vertical" component={false}>
            {changing ? (
              <>
                <p>
                  {t(`${kind}.current`)} <strong data-testid={`${kind}-current`}>{current}</strong>
                </p>
                <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('lock.changeWarning')} />
              </>
            ) : null}
            <InputField
              control={control}
              name="target"
              id={`${kind}-target`}
              testId={`${kind}-target`}
              label={changing ? t(`${kind}.newLabel`) : t(`${kind}.label`)}
              required
              size="middle"
              inputMode={channel === 'email' ? 'email' : 'tel'}
              autoComplete={channel === 'email' ? 'email' : 'tel'}
              placeholder={t(`${kind}.placeholder`)}
            />
            <InputField
              control={control}
              name="code"
              id={`${kind}-code`}
              testId={`${kind}-code`}
              label={changing ? t(`${kind}.newCode`) : t('fields.code')}
              required
              size="middle"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              extra={<SendCodeButton onSend={sendNew} testId={`${kind}-send-new`} />}
            />
            {changing ? (
              <InputField
                control={control}
                name="oldCode"
                id={`${kind}-old-code`}
                testId={`${kind}-old-code`}
                label={t(`${kind}.oldCode`, { address: current })}
                required
                size="middle"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                extra={<SendCodeButton onSend={sendOld} testId={`${kind}-send-old`} />}
              />
            ) : null}
            {needsGoogle ? (
              <GoogleCodeInput control={control} name="googleCode" id={`${kind}-google-code`} />
            ) : null}
            <FormMessage type="error" message={formError} testId={`${kind}-error`} />
            <Button
              type="primary"
              htmlType="submit"
              loading={formState.isSubmitting}
              data-testid={`${kind}-submit`}
            >
              {changing ? t('common.change') : t('common.bind')}
            </Button>
          </Form>
        </form>
      )}
    </SectionCard>
  );
}
