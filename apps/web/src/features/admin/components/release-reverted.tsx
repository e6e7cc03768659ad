// A withdrawal whose payout reverted on chain (final at its confirmations: nothing was sent) keeps the
// user's funds held until an operator returns them: this button, after a confirmation naming the amount,
// fee and transaction. The server refuses any other row (WALLET_WITHDRAW_STATE).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { releaseRevertedWithdrawal } from '../api/console-api';
import type { Withdrawal } from '../api/console-types';
import { ConfirmDialog } from './confirm-dialog';

export const PAYOUT_REVERTED = 'chain.reverted';

export function ReleaseRevertedButton({ row }: { row: Withdrawal }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const release = useMutation({
    mutationFn: () => releaseRevertedWithdrawal(row.id),
    onSuccess: () => {
      message.success(t('review.releasedReverted'));
      void qc.invalidateQueries({ queryKey: ['admin', 'withdrawals'] });
    },
    onSettled: () => setOpen(false),
  });
  return (
    <>
      <Button size="small" data-testid={`release-${row.id}`} onClick={() => setOpen(true)}>
        {t('review.releaseReverted')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('review.releaseRevertedTitle')}
        facts={[
          { key: 'user', label: t('cols.user'), value: `${row.account} (#${row.userId})` },
          { key: 'amount', label: t('cols.amount'), value: `${row.amount} ${row.coin}` },
          { key: 'fee', label: t('cols.fee'), value: `${row.fee} ${row.coin}` },
          {
            key: 'txid',
            label: t('review.transaction'),
            value: <span className="admin-mono">{row.txid}</span>,
          },
        ]}
        note={t('review.releaseRevertedNote')}
        busy={release.isPending}
        okTestId={`release-confirm-${row.id}`}
        cancelTestId={`release-cancel-${row.id}`}
        onConfirm={() => release.mutate()}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
