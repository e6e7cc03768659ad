// Keeps the conversation of this browser in step with the session: after a login, a visitor's
// conversation joins the account (and the visitor token is dropped); after a logout or a change of
// user, the state starts over. Live messages arrive over the private websocket for users (event CHAT)
// and over the visitor chat socket for visitors.
import type { ChatMessage } from '@coin/shared/chat';
import { useEffect } from 'react';
import { openChatSocket } from '@/lib/chat-socket';
import { onPrivateEvent } from '@/lib/private-ws';
import { useSessionStore } from '@/lib/session-store';
import { joinVisitorThread } from '../api/support-api';
import { useSupportStore } from '../lib/support-store';
import { clearVisitorToken, readVisitorToken } from '../lib/visitor-token';

export function useSupportBootstrap(): void {
  const isLogin = useSessionStore((s) => s.isLogin);
  const userId = useSessionStore((s) => s.userInfo?.id);
  const chatKey = useSupportStore((s) => s.chatKey);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new login or another user starts over.
  useEffect(() => {
    let cancelled = false;
    useSupportStore.getState().reset();
    void (async () => {
      if (isLogin) {
        const visitor = readVisitorToken();
        if (visitor) {
          try {
            await joinVisitorThread(visitor);
          } catch {
            // An expired or already joined visitor session has nothing to bring along.
          } finally {
            clearVisitorToken();
          }
        }
      }
      if (cancelled) return;
      const store = useSupportStore.getState();
      if (store.views > 0) await store.start();
      else await store.peek();
    })();
    return () => {
      cancelled = true;
    };
  }, [isLogin, userId]);

  useEffect(() => {
    if (!chatKey) return;
    const receive = (data: unknown) => useSupportStore.getState().receive(data as ChatMessage);
    if (isLogin) return onPrivateEvent('CHAT', receive);
    const visitor = readVisitorToken();
    if (!visitor) return;
    return openChatSocket({
      path: '/ws/chat/visitor',
      token: visitor,
      onFrame: (frame) => {
        if (frame.type === 'CHAT') receive(frame.data);
      },
      onOpen: () => {
        // Catch up on what came while the socket was away.
        if (useSupportStore.getState().views > 0)
          void useSupportStore
            .getState()
            .refresh()
            .catch(() => undefined);
      },
    });
  }, [chatKey, isLogin]);
}
