// The message list of a chat (support widget, online-customer dialog, the support inbox and later the
// OTC order chat): a load-history link on top while the last page was full (spec: 15 per page, more
// offered when a page is full), then messages classed own, other and system (spec section 3), images
// shown from object URLs fetched with the reader's credentials. Keeps the newest message in view.
import { type ChatMessage, chatMessageClass } from '@coin/shared/chat';
import { Button, Image, Spin } from 'antd';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatTime } from '@/lib/format-time';
import './chat.css';

export interface ChatMessagesProps {
  messages: readonly ChatMessage[];
  /** The reader's blade_user_id (own messages sit on the right). */
  me: string;
  /** Messages of these sender types also count as own (the support inbox: every operator). */
  ownSenderTypes?: readonly string[];
  hasMore: boolean;
  loadingOlder: boolean;
  loading?: boolean;
  onLoadOlder: () => void;
  /** Fetches a chat image with the reader's token and returns an object URL. */
  loadImage: (link: string) => Promise<string>;
  emptyText?: string;
}

function ChatImage({ link, loadImage }: { link: string; loadImage: (link: string) => Promise<string> }) {
  const { t } = useTranslation('chat');
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    let created: string | null = null;
    loadImage(link).then(
      (u) => {
        created = u;
        if (cancelled) URL.revokeObjectURL(u);
        else setUrl(u);
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
      if (created) URL.revokeObjectURL(created);
    };
  }, [link, loadImage]);
  if (failed) return <span className="chat-msg__image-failed">{t('imageUnavailable')}</span>;
  if (!url) return <Spin size="small" />;
  return <Image src={url} width={160} alt={t('image')} className="chat-msg__image" />;
}

export function ChatMessages({
  messages,
  me,
  ownSenderTypes = [],
  hasMore,
  loadingOlder,
  loading = false,
  onLoadOlder,
  loadImage,
  emptyText,
}: ChatMessagesProps) {
  const { t } = useTranslation('chat');
  const formatTime = useFormatTime();
  const listRef = useRef<HTMLDivElement>(null);
  const lastId = messages.at(-1)?.id;
  const firstId = messages[0]?.id;
  const previousFirst = useRef<string | undefined>(undefined);
  const previousHeight = useRef(0);

  // New message at the bottom: scroll to it. Older page prepended: keep the view where it was.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the newest or the oldest message changes.
  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    if (
      previousFirst.current !== undefined &&
      firstId !== previousFirst.current &&
      previousHeight.current > 0
    ) {
      el.scrollTop = el.scrollHeight - previousHeight.current;
    } else {
      el.scrollTop = el.scrollHeight;
    }
    previousFirst.current = firstId;
    previousHeight.current = el.scrollHeight;
  }, [lastId, firstId]);

  return (
    <div className="chat-messages" ref={listRef} data-testid="chat-messages" aria-live="polite">
      {hasMore ? (
        <div className="chat-messages__more">
          <Button
            type="link"
            size="small"
            loading={loadingOlder}
            onClick={onLoadOlder}
            data-testid="chat-load-history"
          >
            {t('loadHistory')}
          </Button>
        </div>
      ) : null}
      {loading ? (
        <div className="chat-messages__center">
          <Spin />
        </div>
      ) : null}
      {!loading && messages.length === 0 ? (
        <p className="chat-messages__empty" data-testid="chat-empty">
          {emptyText ?? t('empty')}
        </p>
      ) : null}
      {messages.map((m) => {
        const base = chatMessageClass(m, me);
        const kind = base === 'other' && ownSenderTypes.includes(m.sender_type) ? 'own' : base;
        return (
          <div key={m.id} className={`chat-msg chat-msg--${kind}`} data-testid="chat-msg" data-kind={kind}>
            {kind === 'system' ? (
              <span className="chat-msg__system">{m.content}</span>
            ) : (
              <>
                <div className="chat-msg__meta">
                  {m.sender_name ? <span className="chat-msg__name">{m.sender_name}</span> : null}
                  <time dateTime={m.create_time}>{formatTime(m.create_time)}</time>
                </div>
                <div className="chat-msg__bubble">
                  {m.content_type === '2' ? <ChatImage link={m.content} loadImage={loadImage} /> : m.content}
                </div>
              </>
            )}
          </div>
        );
      })}
    </div>
  );
}
