// Payment methods for peer-to-peer trading (spec section 7: payment, getPayment): a bank account or an
// e-wallet (Alipay, WeChat Pay, PayPal, other) with an optional payment QR code, always in the certified
// real name, so the primary certification comes first.
import { EWALLET_PROVIDERS, PAYMENT_METHODS_MAX, paymentBodySchema } from '@coin/shared/identity-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Empty,
  Flex,
  Form,
  Popconfirm,
  Segmented,
  Select,
  Skeleton,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { type FieldErrors, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { FormField } from '@/lib/form-field';
import { InputField } from '@/lib/input-field';
import { toast } from '@/lib/toast';
import { addPayment, deletePayment, type PaymentInput, paymentsQuery } from '../api/bank-api';
import { identityKeys } from '../api/identity-keys';
import { kycStateQuery } from '../api/kyc-api';
import type { PaymentMethod } from '../lib/identity-types';
import { PhotoUpload } from './photo-upload';

interface Values {
  kind: 'bank' | 'ewallet';
  holderName: string;
  bankName: string;
  provider: string;
  account: string;
  branchName: string;
  qrCode: string;
}
const FIELDS = ['kind', 'holderName', 'bankName', 'provider', 'account', 'branchName', 'qrCode'] as const;

/** The form's values as the wire body of its kind (validated by the shared schema). */
function toInput(v: Values): PaymentInput {
  return v.kind === 'bank'
    ? {
        kind: 'bank',
        holderName: v.holderName,
        bankName: v.bankName,
        account: v.account,
        ...(v.branchName ? { branchName: v.branchName } : {}),
      }
    : {
        kind: 'ewallet',
        holderName: v.holderName,
        provider: v.provider,
        account: v.account,
        ...(v.qrCode ? { qrCode: v.qrCode } : {}),
      };
}

/** Checks the body this form would send with the server's schema; issues land on the form's fields. */
const resolver: Resolver<Values> = async (values) => {
  const parsed = paymentBodySchema.safeParse(toInput(values));
  if (parsed.success) return { values, errors: {} };
  const errors: FieldErrors<Values> = {};
  for (const issue of parsed.error.issues) {
    const name = String(issue.path[0] ?? 'kind') as keyof Values;
    errors[name] ??= { type: 'validate', message: issue.message };
  }
  return { values: {}, errors };
};

function AddPaymentForm({ certifiedName }: { certifiedName: string }) {
  const { t } = useTranslation('identity');
  const qc = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver,
    defaultValues: {
      kind: 'bank',
      holderName: certifiedName,
      bankName: '',
      provider: 'alipay',
      account: '',
      branchName: '',
      qrCode: '',
    },
  });
  const { control, handleSubmit, setError, reset } = form;
  const kind = useWatch({ control, name: 'kind' });
  const mutation = useMutation({
    mutationFn: addPayment,
    onSuccess: () => {
      toast.success(t('payment.added'));
      reset();
      void qc.invalidateQueries({ queryKey: identityKeys.payments() });
    },
    onError: (e) => {
      if (applyServerFieldErrors(e, setError, FIELDS)) return;
      setFormError(isApiError(e) ? e.msg : t('common:errors.generic'));
    },
  });
  return (
    <form
      noValidate
      style={{ maxWidth: 520 }}
      data-testid="payment-form"
      onSubmit={handleSubmit((v) => {
        setFormError(null);
        mutation.mutate(toInput(v));
      })}
    >
      <Form layout="vertical" component={false}>
        <FormField
          control={control}
          name="kind"
          label={t('payment.kind')}
          render={(field) => (
            <Segmented
              value={field.value}
              onChange={field.onChange}
              data-testid="payment-kind"
              options={[
                { value: 'bank', label: t('payment.kinds.bank') },
                { value: 'ewallet', label: t('payment.kinds.ewallet') },
              ]}
            />
          )}
        />
        <InputField
          control={control}
          name="holderName"
          id="payment-holder"
          label={t('payment.holderName')}
          required
          size="middle"
          extra={t('payment.holderHint')}
        />
        {kind === 'bank' ? (
          <InputField
            control={control}
            name="bankName"
            id="payment-bank"
            label={t('bank.fields.bankName')}
            required
            size="middle"
          />
        ) : (
          <FormField
            control={control}
            name="provider"
            inputId="payment-provider"
            label={t('payment.provider')}
            required
            render={(field) => (
              <Select
                id="payment-provider"
                value={field.value}
                onChange={field.onChange}
                data-testid="payment-provider"
                options={EWALLET_PROVIDERS.map((p) => ({ value: p, label: t(`payment.providers.${p}`) }))}
              />
            )}
          />
        )}
        <InputField
          control={control}
          name="account"
          id="payment-account"
          label={kind === 'bank' ? t('payment.accountNumber') : t('payment.walletAccount')}
          required
          size="middle"
          autoComplete="off"
        />
        {kind === 'bank' ? (
          <InputField
            control={control}
            name="branchName"
            id="payment-branch"
            label={t('bank.fields.branchName')}
            size="middle"
          />
        ) : (
          <FormField
            control={control}
            name="qrCode"
            label={t('payment.qrCode')}
            render={(field, invalid) => (
              <PhotoUpload
                id="payment-qr"
                label={t('payment.qrCode')}
                value={field.value}
                invalid={invalid}
                onChange={field.onChange}
                onError={setFormError}
              />
            )}
          />
        )}
        {formError ? (
          <Alert
            type="error"
            showIcon
            title={formError}
            style={{ marginBottom: 16 }}
            data-testid="payment-error"
          />
        ) : null}
        <Button type="primary" htmlType="submit" loading={mutation.isPending} data-testid="payment-submit">
          {t('payment.add')}
        </Button>
      </Form>
    </form>
  );
}

function PaymentCard({ method }: { method: PaymentMethod }) {
  const { t } = useTranslation('identity');
  const qc = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deletePayment(method.id),
    onSuccess: () => void qc.invalidateQueries({ queryKey: identityKeys.payments() }),
  });
  return (
    <Card
      size="small"
      data-testid={`payment-${method.id}`}
      title={
        <Flex gap={8} align="center">
          <Tag color={method.kind === 'bank' ? 'blue' : 'purple'}>{t(`payment.kinds.${method.kind}`)}</Tag>
          {method.kind === 'bank' ? method.bankName : t(`payment.providers.${method.provider ?? 'other'}`)}
        </Flex>
      }
      extra={
        <Popconfirm
          title={t('payment.removeConfirm')}
          okText={t('payment.remove')}
          cancelText={t('actions.cancel')}
          onConfirm={() => remove.mutate()}
        >
          <Button type="link" danger size="small" loading={remove.isPending}>
            {t('payment.remove')}
          </Button>
        </Popconfirm>
      }
    >
      <div>{method.holderName}</div>
      <div className="identity-mono">{method.account}</div>
      {method.branchName ? <Typography.Text type="secondary">{method.branchName}</Typography.Text> : null}
    </Card>
  );
}

export function PaymentMethods() {
  const { t } = useTranslation('identity');
  const state = useQuery(kycStateQuery());
  const primaryPassed = state.data?.primary?.status === 1;
  const list = useQuery({ ...paymentsQuery(), enabled: primaryPassed });
  const [adding, setAdding] = useState(false);
  return (
    <Flex vertical gap={12} data-testid="payment-methods">
      <Typography.Title level={5}>{t('payment.title')}</Typography.Title>
      <Typography.Text type="secondary">{t('payment.intro')}</Typography.Text>
      {state.isLoading ? (
        <Skeleton active />
      ) : !primaryPassed ? (
        <Alert type="info" showIcon title={t('payment.needsPrimary')} data-testid="payment-needs-kyc" />
      ) : (
        <>
          {list.data && list.data.length > 0 ? (
            <div className="identity-cards">
              {list.data.map((m) => (
                <PaymentCard key={m.id} method={m} />
              ))}
            </div>
          ) : list.isLoading ? (
            <Skeleton active />
          ) : (
            <Empty description={t('payment.empty')} />
          )}
          {adding ? (
            <AddPaymentForm certifiedName={state.data?.primary?.name ?? ''} />
          ) : (
            <Button
              onClick={() => setAdding(true)}
              disabled={(list.data?.length ?? 0) >= PAYMENT_METHODS_MAX}
              data-testid="payment-open-form"
            >
              {t('payment.add')}
            </Button>
          )}
        </>
      )}
    </Flex>
  );
}
