// The customer-service widget's dialog (spec section 2): 564 px wide, a click on the backdrop does not
// close it (only the close button does), the live chat inside.
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { SupportChat } from './support-chat';

export const SUPPORT_WIDGET_DIALOG_WIDTH = 564;

export function SupportWidgetDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('support');
  return (
    <Modal
      open={open}
      onCancel={onClose}
      maskClosable={false}
      footer={null}
      width={SUPPORT_WIDGET_DIALOG_WIDTH}
      title={t('title')}
      destroyOnHidden
      rootClassName="support-widget-modal"
    >
      <div data-testid="support-widget-dialog">
        <SupportChat />
        <p className="support-tip">
          <SafetyCertificateOutlined aria-hidden /> {t('antiFraud')}
        </p>
      </div>
    </Modal>
  );
}
