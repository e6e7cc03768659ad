// Redeeming an order asks first: the dialog loads what redeeming now returns (principal after the
// product's stated penalty, interest paid with it) and redeems only on confirmation.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Modal, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useNumberFormat } from '@/lib/use-number-format';
import { earnKeys } from '../api/earn-keys';
import { redeem, redeemQuote } from '../api/orders-api';
import type { EarnOrder } from '../lib/earn-types';
import { Summary } from './earn-ui';

export function RedeemDialog({ order, onClose }: { order: EarnOrder; onClose: () => void }) {
  const { t } = useTranslation('earn');
  const n = useNumberFormat();
  const qc = useQueryClient();
  const quote = useQuery({
    queryKey: ['earn', 'quote', order.id],
    queryFn: () => redeemQuote(order.id),
    retry: false,
  });
  const [key, setKey] = useState(() => crypto.randomUUID());
  const run = useMutation({
    mutationFn: () => redeem(order.id, key),
    onError: (e) => {
      if (isApiError(e) && e.kind === 'response') setKey(crypto.randomUUID());
    },
    onSuccess: () => {
      toast.success(t('order.redeemed'));
      void qc.invalidateQueries({ queryKey: earnKeys.all });
      onClose();
    },
  });
  const q = quote.data;
  const amount = (v: string) => `${n.amount(v, 8)} ${order.coin}`;
  return (
    <Modal
      open
      title={t('order.redeemTitle')}
      okText={t('order.redeemConfirm')}
      cancelText={t('common.cancel')}
      onCancel={onClose}
      onOk={() => run.mutate()}
      okButtonProps={{
        disabled: !q?.allowed,
        loading: run.isPending,
        ...{ 'data-testid': 'redeem-confirm' },
      }}
      cancelButtonProps={{ ...{ 'data-testid': 'redeem-cancel' } }}
      destroyOnHidden
    >
      {quote.isLoading ? <Spin /> : null}
      {q ? (
        <>
          {!q.allowed ? (
            <Alert type="warning" showIcon message={t('order.locked', { days: order.lockDays })} />
          ) : null}
          {q.matured ? <Alert type="success" showIcon message={t('order.matured')} /> : null}
          <Summary
            rows={[
              { label: t('order.amount'), value: amount(order.amount) },
              {
                label: t('order.penalty', { rate: n.rate(order.earlyPenaltyRate) }),
                value: amount(q.penalty),
                testId: 'redeem-penalty',
              },
              { label: t('order.interestNow'), value: amount(q.interest), testId: 'redeem-interest' },
              {
                label: t('order.returned'),
                value: <strong>{amount(q.principal)}</strong>,
                testId: 'redeem-returned',
              },
            ]}
          />
          {order.kind === 'pledge' && order.payout === 'maturity' && !q.matured ? (
            <p className="earn-muted">{t('order.forfeit')}</p>
          ) : null}
        </>
      ) : null}
      {run.error && isApiError(run.error) ? (
        <Alert type="error" showIcon message={run.error.msg} data-testid="redeem-error" />
      ) : null}
      {quote.error && isApiError(quote.error) ? (
        <Alert type="error" showIcon message={quote.error.msg} />
      ) : null}
    </Modal>
  );
}
