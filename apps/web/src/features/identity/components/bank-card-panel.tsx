// /user/index?key=bank: the bank card (spec sections 3 and 5): card number and bank name required, bank
// address or phone, international bank code, branch and home address optional; once bound it cannot be
// changed, which the form says before sending. Below it, the payment methods for peer-to-peer trading.
import { bankCardBodySchema } from '@coin/shared/identity-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Divider, Flex, Form, Popconfirm, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useFormatTime } from '@/lib/format-time';
import { InputField } from '@/lib/input-field';
import { toast } from '@/lib/toast';
import { bankCardQuery, saveBankCard } from '../api/bank-api';
import { identityKeys } from '../api/identity-keys';
import { PaymentMethods } from './payment-methods';

/** Every field is a text box (empty = not given); the schema drops empty optional fields. */
type Input = { [K in keyof z.input<typeof bankCardBodySchema>]-?: string };
type Output = z.output<typeof bankCardBodySchema>;
const FIELDS = ['cardNo', 'bankName', 'bankAddress', 'swiftCode', 'branchName', 'homeAddress'] as const;

function BankCardForm() {
  const { t } = useTranslation('identity');
  const qc = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<Input>({
    // The resolver hands the submit handler the schema's output (empty optional fields dropped).
    resolver: zodResolver(bankCardBodySchema) as unknown as Resolver<Input>,
    defaultValues: {
      cardNo: '',
      bankName: '',
      bankAddress: '',
      swiftCode: '',
      branchName: '',
      homeAddress: '',
    },
  });
  const mutation = useMutation({
    mutationFn: saveBankCard,
    onSuccess: () => {
      toast.success(t('bank.bound'));
      void qc.invalidateQueries({ queryKey: identityKeys.bank() });
    },
    onError: (e) => {
      if (applyServerFieldErrors(e, setError, FIELDS)) return;
      setFormError(isApiError(e) ? e.msg : t('common:errors.generic'));
    },
  });
  const submit = handleSubmit((values) => {
    setFormError(null);
    mutation.mutate(values as unknown as Output);
  });
  const text = (name: (typeof FIELDS)[number], required = false, extra?: string) => (
    <InputField
      control={control}
      name={name}
      id={`bank-${name}`}
      label={t(`bank.fields.${name}`)}
      required={required}
      size="middle"
      autoComplete="off"
      extra={extra}
    />
  );
  return (
    <form
      noValidate
      style={{ maxWidth: 520 }}
      data-testid="bank-card-form"
      onSubmit={(e) => e.preventDefault()}
    >
      <Form layout="vertical" component={false}>
        <Alert type="warning" showIcon title={t('bank.immutable')} style={{ marginBottom: 16 }} />
        {text('cardNo', true)}
        {text('bankName', true)}
        {text('bankAddress')}
        {text('swiftCode', false, t('bank.swiftHint'))}
        {text('branchName')}
        {text('homeAddress')}
        {formError ? (
          <Alert
            type="error"
            showIcon
            title={formError}
            style={{ marginBottom: 16 }}
            data-testid="bank-card-error"
          />
        ) : null}
        <Popconfirm
          title={t('bank.confirmTitle')}
          description={t('bank.immutable')}
          okText={t('bank.confirm')}
          cancelText={t('actions.cancel')}
          okButtonProps={{ ...{ 'data-testid': 'bank-card-confirm' } }}
          onConfirm={() => void submit()}
        >
          <Button type="primary" loading={mutation.isPending} data-testid="bank-card-submit">
            {t('bank.submit')}
          </Button>
        </Popconfirm>
      </Form>
    </form>
  );
}

export function BankCardPanel() {
  const { t } = useTranslation('identity');
  const format = useFormatTime();
  const card = useQuery(bankCardQuery());
  return (
    <Flex vertical gap={8} data-testid="bank-panel">
      <Typography.Title level={5}>{t('bank.title')}</Typography.Title>
      {card.isLoading ? (
        <Skeleton active />
      ) : card.data ? (
        <>
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, sm: 1, md: 2 }}
            data-testid="bank-card-view"
            items={[
              {
                key: 'no',
                label: t('bank.fields.cardNo'),
                children: (
                  <span className="identity-mono" data-testid="bank-card-number">
                    {card.data.cardNo}
                  </span>
                ),
              },
              { key: 'bank', label: t('bank.fields.bankName'), children: card.data.bankName },
              { key: 'addr', label: t('bank.fields.bankAddress'), children: card.data.bankAddress ?? '--' },
              { key: 'swift', label: t('bank.fields.swiftCode'), children: card.data.swiftCode ?? '--' },
              { key: 'branch', label: t('bank.fields.branchName'), children: card.data.branchName ?? '--' },
              { key: 'home', label: t('bank.fields.homeAddress'), children: card.data.homeAddress ?? '--' },
              { key: 'time', label: t('bank.boundAt'), children: format(card.data.createTime) },
            ]}
          />
          <Typography.Text type="secondary">{t('bank.immutableBound')}</Typography.Text>
        </>
      ) : (
        <BankCardForm />
      )}
      <Divider />
      <PaymentMethods />
    </Flex>
  );
}
