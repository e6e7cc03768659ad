// The online-customer dialog (spec section 2, width 532 px), opened from the top bar, the footer and the
// home page. Its first tab is the live chat with customer service (the support feature); the second
// keeps the operator's external customer-service link as an alternative, fetched when that tab opens,
// with the spec's toasts: no link -> warning, a refused call (code not 200) -> error 'failed to get
// customer-service info', no reply -> error 'service temporarily unavailable'. A chunk of its own,
// loaded on first use; the layout renders it inside the antd scope.
import { CustomerServiceOutlined, ExportOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, Modal, Spin, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SupportChat } from '@/features/support/components/support-chat';
import { toast } from '@/lib/toast';
import { useCustomerServiceStore } from './customer-service-store';
import { fetchCustomerServiceUrl, isServerRefusal } from './shell-links';

type LinkState =
  | { status: 'loading' }
  | { status: 'ready'; url: string }
  | { status: 'empty' }
  | { status: 'failed'; reason: 'refused' | 'unreachable' };

export const CUSTOMER_SERVICE_DIALOG_WIDTH = 532;

function ExternalLink() {
  const { t } = useTranslation('layout');
  const [state, setState] = useState<LinkState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the fetch on retry.
  useEffect(() => {
    let cancelled = false;
    setState({ status: 'loading' });
    fetchCustomerServiceUrl().then(
      (url) => {
        if (cancelled) return;
        if (url) {
          setState({ status: 'ready', url });
        } else {
          setState({ status: 'empty' });
          toast.warning(t('customerService.noLink'));
        }
      },
      (error: unknown) => {
        if (cancelled) return;
        const reason = isServerRefusal(error) ? 'refused' : 'unreachable';
        setState({ status: 'failed', reason });
        toast.error(reason === 'refused' ? t('customerService.failed') : t('customerService.unavailable'));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [attempt, t]);

  return (
    <div className="cs-dialog__body">
      {state.status === 'loading' ? (
        <div className="cs-dialog__center">
          <Spin />
        </div>
      ) : null}
      {state.status === 'ready' ? (
        <>
          <p className="cs-dialog__text">{t('customerService.linkIntro')}</p>
          <Button
            type="primary"
            size="large"
            block
            icon={<CustomerServiceOutlined />}
            href={state.url}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="customer-service-link"
          >
            {t('customerService.openLink')} <ExportOutlined />
          </Button>
        </>
      ) : null}
      {state.status === 'empty' ? <p className="cs-dialog__text">{t('customerService.noLinkText')}</p> : null}
      {state.status === 'failed' ? (
        <div className="cs-dialog__center">
          <p className="cs-dialog__text">
            {state.reason === 'refused' ? t('customerService.failed') : t('customerService.unavailable')}
          </p>
          <Button onClick={() => setAttempt((n) => n + 1)}>{t('customerService.retry')}</Button>
        </div>
      ) : null}
    </div>
  );
}

export function CustomerServiceDialog() {
  const { t } = useTranslation('layout');
  const { t: ts } = useTranslation('support');
  const open = useCustomerServiceStore((s) => s.open);
  const hide = useCustomerServiceStore((s) => s.hide);
  const [tab, setTab] = useState('chat');

  return (
    <Modal
      open={open}
      onCancel={hide}
      footer={null}
      width={CUSTOMER_SERVICE_DIALOG_WIDTH}
      title={t('customerService.title')}
      destroyOnHidden
      afterClose={() => setTab('chat')}
    >
      <div className="cs-dialog" data-testid="customer-service-dialog">
        <Tabs
          activeKey={tab}
          onChange={setTab}
          size="small"
          items={[
            {
              key: 'chat',
              label: <span data-testid="cs-tab-chat">{ts('liveChat')}</span>,
              children: <SupportChat />,
            },
            {
              key: 'link',
              label: <span data-testid="cs-tab-link">{ts('otherChannels')}</span>,
              children: tab === 'link' ? <ExternalLink /> : null,
            },
          ]}
        />
        <div className="cs-dialog__tip">
          <SafetyCertificateOutlined aria-hidden />
          <span>{t('customerService.antiFraud')}</span>
        </div>
      </div>
    </Modal>
  );
}
