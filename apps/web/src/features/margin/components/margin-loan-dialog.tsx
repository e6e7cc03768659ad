// Borrow or repay in a dialog (the spot trade page's margin panel): coin, amount, what may be borrowed
// (borrow) or that interest is paid first (repay). Calls the margin API's borrow / repay and shows the
// server's localized refusal inside the dialog. Test ids: margin-dialog, margin-dialog-coin,
// margin-dialog-amount, margin-dialog-can-borrow, margin-dialog-submit, margin-dialog-error.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { borrow, canBorrowQuery, type MarginMode, marginKeys, repay } from '../api/margin-api';

export type LoanAction = 'borrow' | 'repay';

export function MarginLoanDialog({
  action,
  mode,
  symbol,
  coins,
  onClose,
}: {
  action: LoanAction;
  mode: MarginMode;
  symbol: string;
  /** The coins to choose from (the pair's two); the first is preselected. */
  coins: string[];
  onClose: () => void;
}) {
  const { t } = useTranslation('margin');
  const queryClient = useQueryClient();
  const [coin, setCoin] = useState(coins[0] ?? 'USDT');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const can = useQuery({ ...canBorrowQuery(mode, symbol, coin), enabled: action === 'borrow' });
  const run = useMutation({
    mutationFn: () => (action === 'borrow' ? borrow : repay)(mode, symbol, coin, amount.trim()),
    onSuccess: () => {
      toast.success(t('messages.done'));
      onClose();
    },
    onError: (err) => setError(err instanceof ApiError ? err.msg : t('messages.failed')),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: marginKeys.all }),
  });
  return (
    <Modal
      open
      title={t(`${action}.title`)}
      onCancel={onClose}
      onOk={() => run.mutate()}
      okText={t(`${action}.submit`)}
      okButtonProps={{ loading: run.isPending, 'data-testid': 'margin-dialog-submit' }}
      destroyOnHidden
    >
      <div className="margin-dialog" data-testid="margin-dialog">
        <Select
          data-testid="margin-dialog-coin"
          aria-label={t('coin')}
          value={coin}
          onChange={(c) => {
            setCoin(c);
            setError(null);
          }}
          options={coins.map((c) => ({ value: c, label: c }))}
        />
        {action === 'borrow' ? (
          <small data-testid="margin-dialog-can-borrow">
            {t('borrow.max', { amount: can.data?.canBorrow ?? '0', coin })} ·{' '}
            {t('borrow.rate', { rate: can.data?.hourlyRate ?? '0' })}
          </small>
        ) : (
          <small>{t('repay.hint')}</small>
        )}
        <Input
          data-testid="margin-dialog-amount"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          placeholder={t('amount')}
          suffix={coin}
          onPressEnter={() => run.mutate()}
        />
        {error ? (
          <p className="margin-error" role="alert" data-testid="margin-dialog-error">
            {error}
          </p>
        ) : null}
      </div>
    </Modal>
  );
}
