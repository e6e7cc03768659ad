// Asks for the reason of a rejection (1..200 characters) before calling `onConfirm`.
import { Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rejectReasonValid } from '../lib/console-rules';

export function RejectDialog({
  open,
  title,
  busy,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const [reason, setReason] = useState('');
  const valid = rejectReasonValid(reason);
  return (
    <Modal
      open={open}
      title={title}
      okText={t('actions.confirmReject')}
      cancelText={t('actions.cancel')}
      okButtonProps={{
        danger: true,
        disabled: !valid,
        loading: busy,
        ...{ 'data-testid': 'reject-confirm' },
      }}
      onOk={() => onConfirm(reason.trim())}
      onCancel={onCancel}
      afterClose={() => setReason('')}
      destroyOnHidden
    >
      <Input.TextArea
        data-testid="reject-reason"
        value={reason}
        maxLength={200}
        showCount
        rows={3}
        placeholder={t('review.reasonPlaceholder')}
        onChange={(e) => setReason(e.target.value)}
      />
    </Modal>
  );
}
