// The live chat with customer service (spec sections 2 and 5): history with the load-history link,
// messages classed own / other / system, the composer (400 characters, Enter sends, Ctrl+Enter newline,
// images only). Used in the widget's dialog (564 px) and in the online-customer dialog (532 px).
import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatComposer } from '@/components/chat/chat-composer';
import { ChatMessages } from '@/components/chat/chat-messages';
import { fetchChatImage } from '../api/support-api';
import { useSupportStore } from '../lib/support-store';

export function SupportChat() {
  const { t } = useTranslation('support');
  const s = useSupportStore();
  useEffect(() => {
    useSupportStore.getState().viewOpened();
    return () => useSupportStore.getState().viewClosed();
  }, []);
  if (s.status === 'error') {
    return (
      <Result
        status="warning"
        title={t('unavailable')}
        extra={<Button onClick={() => void s.start()}>{t('retry')}</Button>}
        data-testid="support-chat-error"
      />
    );
  }
  return (
    <div className="support-chat" data-testid="support-chat">
      <ChatMessages
        messages={s.messages}
        me={s.me}
        hasMore={s.hasMore}
        loadingOlder={s.loadingOlder}
        loading={s.status === 'loading' || s.status === 'idle'}
        onLoadOlder={() => void s.loadOlder()}
        loadImage={fetchChatImage}
        emptyText={t('welcome')}
      />
      <ChatComposer onSend={s.sendText} onImage={s.sendImage} disabled={s.chatKey === null} />
    </div>
  );
}
