// Primary certification (spec sections 3 and 5): name, country, card type and ID number, checked with the
// server's own schema before sending. Under review or passed: what was sent (the ID number masked) and its
// state; failed: the operator's reason, and the form again.
import { KYC_CARD_TYPES, KYC_COUNTRIES, kycPrimaryBodySchema } from '@coin/shared/identity-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Flex, Form, Select, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { FormField } from '@/lib/form-field';
import { useFormatTime } from '@/lib/format-time';
import { InputField } from '@/lib/input-field';
import { identityKeys } from '../api/identity-keys';
import { kycStateQuery, submitPrimary } from '../api/kyc-api';
import type { KycView } from '../lib/identity-types';
import { maySubmit } from '../lib/kyc-status';
import { StatusTag } from './status-tag';

type Input = z.input<typeof kycPrimaryBodySchema>;
type Output = z.output<typeof kycPrimaryBodySchema>;
const FIELDS = ['name', 'idNumber', 'country', 'cardType'] as const;

export function SubmittedView({ view }: { view: KycView }) {
  const { t } = useTranslation('identity');
  const format = useFormatTime();
  return (
    <Descriptions
      bordered
      size="small"
      column={1}
      data-testid={`kyc-${view.level}-view`}
      items={[
        {
          key: 'status',
          label: t('kyc.state'),
          children: <StatusTag status={view.status} testId={`kyc-${view.level}-status`} />,
        },
        ...(view.level === 'primary'
          ? [
              { key: 'name', label: t('kyc.name'), children: view.name },
              { key: 'country', label: t('kyc.country'), children: t(`countries.${view.country ?? 'CN'}`) },
              {
                key: 'card',
                label: t('kyc.cardType'),
                children: t(`cardTypes.${view.cardType ?? 'idCard'}`),
              },
              {
                key: 'id',
                label: t('kyc.idNumber'),
                children: <span className="identity-mono">{view.idNumber}</span>,
              },
            ]
          : []),
        { key: 'sent', label: t('kyc.submitted'), children: format(view.createTime) },
        ...(view.reviewTime
          ? [{ key: 'reviewed', label: t('kyc.reviewed'), children: format(view.reviewTime) }]
          : []),
        ...(view.status === 2 && view.reason
          ? [
              {
                key: 'reason',
                label: t('kyc.reason'),
                children: <span data-testid={`kyc-${view.level}-reason`}>{view.reason}</span>,
              },
            ]
          : []),
      ]}
    />
  );
}

export function PrimaryForm() {
  const { t } = useTranslation('identity');
  const qc = useQueryClient();
  const state = useQuery(kycStateQuery());
  const [formError, setFormError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(kycPrimaryBodySchema),
    defaultValues: { name: '', idNumber: '', country: 'CN', cardType: 'idCard' },
  });
  const { control, handleSubmit, setError } = form;
  const mutation = useMutation({
    mutationFn: submitPrimary,
    onSuccess: () => {
      setSuccess(t('kyc.submittedNotice'));
      void qc.invalidateQueries({ queryKey: identityKeys.kyc() });
    },
    onError: (e) => {
      if (applyServerFieldErrors(e, setError, FIELDS)) return;
      setFormError(isApiError(e) ? e.msg : t('common:errors.generic'));
    },
  });

  if (state.isLoading) return <Skeleton active />;
  const current = state.data?.primary ?? null;
  const showForm = maySubmit(current?.status);

  return (
    <Flex vertical gap={16} data-testid="kyc-primary">
      <Typography.Paragraph type="secondary">{t('kyc.primaryIntro')}</Typography.Paragraph>
      {success ? <Alert type="success" showIcon title={success} data-testid="kyc-primary-success" /> : null}
      {current ? <SubmittedView view={current} /> : null}
      {showForm ? (
        <form
          noValidate
          style={{ maxWidth: 460 }}
          data-testid="kyc-primary-form"
          onSubmit={handleSubmit((values) => {
            setFormError(null);
            setSuccess(null);
            mutation.mutate(values);
          })}
        >
          <Form layout="vertical" component={false}>
            <InputField
              control={control}
              name="name"
              id="kyc-name"
              label={t('kyc.name')}
              required
              size="middle"
              maxLength={64}
              autoComplete="name"
            />
            <FormField
              control={control}
              name="country"
              inputId="kyc-country"
              label={t('kyc.country')}
              required
              render={(field) => (
                <Select
                  id="kyc-country"
                  data-testid="kyc-country"
                  value={field.value}
                  onChange={field.onChange}
                  options={KYC_COUNTRIES.map((c) => ({ value: c, label: t(`countries.${c}`) }))}
                />
              )}
            />
            <FormField
              control={control}
              name="cardType"
              inputId="kyc-card-type"
              label={t('kyc.cardType')}
              required
              render={(field) => (
                <Select
                  id="kyc-card-type"
                  data-testid="kyc-card-type"
                  value={field.value}
                  onChange={field.onChange}
                  options={KYC_CARD_TYPES.map((c) => ({ value: c, label: t(`cardTypes.${c}`) }))}
                />
              )}
            />
            <InputField
              control={control}
              name="idNumber"
              id="kyc-id-number"
              label={t('kyc.idNumber')}
              required
              size="middle"
              maxLength={32}
              autoComplete="off"
              extra={t('kyc.idNumberHint')}
            />
            {formError ? (
              <Alert
                type="error"
                showIcon
                title={formError}
                style={{ marginBottom: 16 }}
                data-testid="kyc-primary-error"
              />
            ) : null}
            <Button
              type="primary"
              htmlType="submit"
              loading={mutation.isPending}
              data-testid="kyc-primary-submit"
            >
              {t('kyc.submit')}
            </Button>
          </Form>
        </form>
      ) : null}
    </Flex>
  );
}
