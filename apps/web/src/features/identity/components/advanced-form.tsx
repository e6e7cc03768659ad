// Advanced real-name certification (spec section 3): the front and back of the document and a photo
// holding it, each uploaded through the upload service; "identity photos must be clear" (spec section 5).
// Only after the primary certification has passed. Sent photos are shown to their owner only.
import { kycAdvancedBodySchema } from '@coin/shared/identity-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Alert, Button, Flex, Form, Result, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '@/lib/api-client';
import { applyServerFieldErrors, fieldErrorText } from '@/lib/form-errors';
import { identityKeys } from '../api/identity-keys';
import { kycStateQuery, submitAdvanced } from '../api/kyc-api';
import { maySubmit } from '../lib/kyc-status';
import { PhotoUpload } from './photo-upload';
import { SubmittedView } from './primary-form';
import { PrivatePhoto } from './private-photo';

type Input = z.input<typeof kycAdvancedBodySchema>;
type Output = z.output<typeof kycAdvancedBodySchema>;
const PHOTOS = ['front', 'back', 'hold'] as const;

export function AdvancedForm() {
  const { t, i18n } = useTranslation('identity');
  const qc = useQueryClient();
  const state = useQuery(kycStateQuery());
  const [formError, setFormError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<Input, unknown, Output>({
    resolver: zodResolver(kycAdvancedBodySchema),
    defaultValues: { front: '', back: '', hold: '' },
  });
  const mutation = useMutation({
    mutationFn: submitAdvanced,
    onSuccess: () => {
      setSuccess(t('kyc.submittedNotice'));
      void qc.invalidateQueries({ queryKey: identityKeys.kyc() });
    },
    onError: (e) => {
      if (applyServerFieldErrors(e, setError, PHOTOS)) return;
      setFormError(isApiError(e) ? e.msg : t('common:errors.generic'));
    },
  });

  if (state.isLoading) return <Skeleton active />;
  const primary = state.data?.primary ?? null;
  const current = state.data?.advanced ?? null;
  if (primary?.status !== 1) {
    return (
      <Result
        status="info"
        title={t('kyc.primaryFirst')}
        subTitle={t('kyc.primaryFirstText')}
        data-testid="kyc-advanced-locked"
        extra={
          <Link
            to="/user/index"
            search={{ key: 'primary' }}
            className="app-link-button app-link-button--primary"
          >
            {t('kyc.toPrimary')}
          </Link>
        }
      />
    );
  }

  return (
    <Flex vertical gap={16} data-testid="kyc-advanced">
      <Typography.Paragraph type="secondary">{t('kyc.advancedIntro')}</Typography.Paragraph>
      {success ? <Alert type="success" showIcon title={success} data-testid="kyc-advanced-success" /> : null}
      {current ? (
        <>
          <SubmittedView view={current} />
          {current.status !== 2 ? (
            <div className="identity-photos">
              {PHOTOS.map((p) => {
                const link = current[p];
                return link ? (
                  <PrivatePhoto key={p} link={link} label={t(`kyc.photos.${p}`)} testId={`kyc-sent-${p}`} />
                ) : null;
              })}
            </div>
          ) : null}
        </>
      ) : null}
      {maySubmit(current?.status) ? (
        <form
          noValidate
          data-testid="kyc-advanced-form"
          onSubmit={handleSubmit((values) => {
            setFormError(null);
            setSuccess(null);
            mutation.mutate(values);
          })}
        >
          <Form layout="vertical" component={false}>
            <Alert type="info" showIcon title={t('kyc.photosClear')} style={{ marginBottom: 16 }} />
            <div className="identity-photos">
              {PHOTOS.map((p) => (
                <Controller
                  key={p}
                  control={control}
                  name={p}
                  render={({ field, fieldState }) => (
                    <Form.Item
                      label={t(`kyc.photos.${p}`)}
                      required
                      validateStatus={fieldState.error ? 'error' : undefined}
                      help={
                        fieldState.error ? (
                          <span data-testid={`${p}-error`}>
                            {fieldErrorText(i18n.t, (k) => i18n.exists(k), fieldState.error.message)}
                          </span>
                        ) : undefined
                      }
                    >
                      <PhotoUpload
                        id={`kyc-${p}`}
                        label={t(`kyc.photos.${p}`)}
                        value={field.value}
                        invalid={Boolean(fieldState.error)}
                        onChange={field.onChange}
                        onError={setFormError}
                      />
                    </Form.Item>
                  )}
                />
              ))}
            </div>
            {formError ? (
              <Alert
                type="error"
                showIcon
                title={formError}
                style={{ marginBottom: 16 }}
                data-testid="kyc-advanced-error"
              />
            ) : null}
            <Button
              type="primary"
              htmlType="submit"
              loading={mutation.isPending}
              data-testid="kyc-advanced-submit"
            >
              {t('kyc.submit')}
            </Button>
          </Form>
        </form>
      ) : null}
    </Flex>
  );
}
