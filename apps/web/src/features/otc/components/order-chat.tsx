// The order chat: the chat service's thread of the order (chatKey), history paged by 15, own / other /
// system messages, text and images; new messages arrive over the private websocket (CHAT).
import type { ChatMessage } from '@coin/shared/chat';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatComposer } from '@/components/chat/chat-composer';
import { ChatMessages } from '@/components/chat/chat-messages';
import {
  fetchChatImage,
  getChatRecord,
  sendChatRecord,
  uploadChatImage,
} from '@/features/support/api/support-api';
import { onPrivateEvent } from '@/lib/private-ws';

export function OrderChat({ chatKey, closed }: { chatKey: string; closed: boolean }) {
  const { t } = useTranslation('otc');
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [me, setMe] = useState('');
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);

  const add = useCallback((incoming: ChatMessage[]) => {
    setMessages((list) => {
      const seen = new Set(list.map((m) => m.id));
      const merged = [...list, ...incoming.filter((m) => !seen.has(m.id))];
      return merged.sort((a, b) => Number(a.id) - Number(b.id));
    });
  }, []);

  useEffect(() => {
    let live = true;
    void getChatRecord(chatKey, 1).then((p) => {
      if (!live) return;
      setMe(p.me);
      setHasMore(p.hasMore);
      add(p.records);
    });
    const off = onPrivateEvent('CHAT', (data) => {
      const m = data as ChatMessage;
      if (m.chat_id === chatKey) add([m]);
    });
    return () => {
      live = false;
      off();
    };
  }, [chatKey, add]);

  const loadOlder = async () => {
    setLoadingOlder(true);
    try {
      const p = await getChatRecord(chatKey, page + 1);
      setPage(page + 1);
      setHasMore(p.hasMore);
      add(p.records);
    } finally {
      setLoadingOlder(false);
    }
  };

  return (
    <div className="otc-chat" data-testid="otc-chat">
      <div className="otc-chat-title">{t('chat.title')}</div>
      <ChatMessages
        messages={messages}
        me={me}
        hasMore={hasMore}
        loadingOlder={loadingOlder}
        onLoadOlder={() => void loadOlder()}
        loadImage={fetchChatImage}
        emptyText={t('chat.empty')}
      />
      <ChatComposer
        disabled={closed}
        onSend={async (text) => add([await sendChatRecord(chatKey, text, '1')])}
        onImage={async (file) =>
          add([await sendChatRecord(chatKey, await uploadChatImage(chatKey, file), '2')])
        }
      />
    </div>
  );
}
