// Asks before an action that moves money or grants power: shows what exactly will happen (user, asset,
// amount, who approved first ...) and does nothing unless confirmed. Cancel or Esc changes nothing.
import { Alert, Descriptions, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmFact {
  key: string;
  label: string;
  value: ReactNode;
}

export function ConfirmDialog({
  open,
  title,
  facts,
  note,
  busy,
  okText,
  okTestId,
  cancelTestId,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  facts: ConfirmFact[];
  /** What confirming does (e.g. "money moves now", "first of two approvals"). */
  note?: string;
  busy: boolean;
  okText?: string;
  okTestId: string;
  cancelTestId: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <Modal
      open={open}
      title={title}
      okText={okText ?? t('approval.confirm')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ loading: busy, ...{ 'data-testid': okTestId } }}
      cancelButtonProps={{ ...{ 'data-testid': cancelTestId } }}
      onOk={onConfirm}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Descriptions
        bordered
        size="small"
        column={1}
        items={facts.map((f) => ({ key: f.key, label: f.label, children: f.value }))}
      />
      {note ? <Alert className="admin-confirm-note" type="warning" showIcon message={note} /> : null}
    </Modal>
  );
}
