// The customer-service conversation of this browser (user or visitor): its chatKey, the loaded messages
// (pages of 15, merged by id with live pushes), whether an older page may exist, and the unread count
// behind the widget's badge. Opening any chat view resets the badge and reads page 1 (which marks the
// conversation read on the server); a message from the other side while no view is open adds one.
import { CHAT_PAGE_SIZE, type ChatMessage, mergeChatMessages } from '@coin/shared/chat';
import { create } from 'zustand';
import { useSessionStore } from '@/lib/session-store';
import {
  createVisitor,
  getChatRecord,
  getSupportThread,
  sendChatRecord,
  uploadChatImage,
} from '../api/support-api';
import { readVisitorToken, writeVisitorToken } from './visitor-token';

export interface SupportState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  chatKey: string | null;
  me: string;
  messages: ChatMessage[];
  page: number;
  hasMore: boolean;
  loadingOlder: boolean;
  unread: number;
  /** Chat views on screen (widget dialog, online-customer dialog). */
  views: number;
  /** Learns the conversation and its unread count, without creating one (badge at start). */
  peek(): Promise<void>;
  /** Makes sure a conversation exists (a visitor session first if needed) and loads page 1. */
  start(): Promise<void>;
  refresh(): Promise<void>;
  loadOlder(): Promise<void>;
  sendText(text: string): Promise<void>;
  sendImage(file: File): Promise<void>;
  receive(message: ChatMessage): void;
  viewOpened(): void;
  viewClosed(): void;
  reset(): void;
}

const initial = {
  status: 'idle' as const,
  chatKey: null,
  me: '',
  messages: [] as ChatMessage[],
  page: 1,
  hasMore: false,
  loadingOlder: false,
  unread: 0,
};

let generation = 0;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;

export const useSupportStore = create<SupportState>()((set, get) => ({
  ...initial,
  views: 0,

  async peek() {
    if (!useSessionStore.getState().isLogin && !readVisitorToken()) return;
    const gen = generation;
    try {
      const thread = await getSupportThread();
      if (gen !== generation) return;
      set({ chatKey: thread.chatKey, me: thread.me, unread: get().views > 0 ? 0 : thread.unread });
    } catch {
      // The badge simply stays empty.
    }
  },

  async start() {
    const gen = generation;
    set({ status: get().messages.length > 0 ? 'ready' : 'loading' });
    try {
      if (!useSessionStore.getState().isLogin && !readVisitorToken()) {
        writeVisitorToken((await createVisitor()).token);
      }
      const thread = await getSupportThread();
      if (gen !== generation) return;
      set({ chatKey: thread.chatKey, me: thread.me });
      await get().refresh();
    } catch {
      if (gen === generation) set({ status: 'error' });
    }
  },

  async refresh() {
    const { chatKey } = get();
    if (!chatKey) return;
    const gen = generation;
    const page = await getChatRecord(chatKey, 1, CHAT_PAGE_SIZE);
    if (gen !== generation) return;
    set((s) => ({
      status: 'ready',
      me: page.me,
      messages: mergeChatMessages(s.messages, page.records),
      // Only page 1 decides while nothing older was loaded.
      hasMore: s.page === 1 ? page.hasMore : s.hasMore,
      unread: s.views > 0 ? 0 : s.unread,
    }));
  },

  async loadOlder() {
    const { chatKey, page, loadingOlder } = get();
    if (!chatKey || loadingOlder) return;
    set({ loadingOlder: true });
    try {
      const next = await getChatRecord(chatKey, page + 1, CHAT_PAGE_SIZE);
      set((s) => ({
        messages: mergeChatMessages(next.records, s.messages),
        page: page + 1,
        hasMore: next.hasMore,
      }));
    } finally {
      set({ loadingOlder: false });
    }
  },

  async sendText(text) {
    const { chatKey } = get();
    if (!chatKey) return;
    const message = await sendChatRecord(chatKey, text, '1');
    set((s) => ({ messages: mergeChatMessages(s.messages, [message]) }));
  },

  async sendImage(file) {
    const { chatKey } = get();
    if (!chatKey) return;
    const link = await uploadChatImage(chatKey, file);
    const message = await sendChatRecord(chatKey, link, '2');
    set((s) => ({ messages: mergeChatMessages(s.messages, [message]) }));
  },

  receive(message) {
    const s = get();
    if (message.chat_id !== s.chatKey || s.messages.some((m) => m.id === message.id)) return;
    const fromOther = message.blade_user_id !== s.me;
    set({
      messages: mergeChatMessages(s.messages, [message]),
      unread: fromOther && s.views === 0 ? s.unread + 1 : s.unread,
    });
    // Seen on screen: read page 1 again soon so the server counts it read too.
    if (fromOther && s.views > 0) {
      if (refreshTimer !== undefined) clearTimeout(refreshTimer);
      refreshTimer = setTimeout(
        () =>
          void get()
            .refresh()
            .catch(() => undefined),
        500,
      );
    }
  },

  viewOpened() {
    set((s) => ({ views: s.views + 1, unread: 0 }));
    void get().start();
  },

  viewClosed() {
    set((s) => ({ views: Math.max(0, s.views - 1) }));
  },

  reset() {
    generation += 1;
    set({ ...initial });
  },
}));
