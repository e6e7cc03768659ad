// The customer-service calls (docs/chat.md): a visitor session, the caller's support conversation, the
// spec's chat calls ({api}/buy/sendChatRecord, getChatRecord/{chatKey}), chat images, and the join of a
// visitor's conversation into the account after login. Visitors send their token in `visitor-token`.
import type { ChatMessage, ChatPage } from '@coin/shared/chat';
import { ApiError, apiPost, buildUrl, defaultErrorMessage, interpretResponse } from '@/lib/api-client';
import { useSessionStore } from '@/lib/session-store';
import { useSettingsStore } from '@/lib/settings-store';
import { readVisitorToken } from '../lib/visitor-token';

export const CHAT_API = '/api/mjkj-web/coin';

export interface SupportThread {
  chatKey: string;
  state: string;
  me: string;
  unread: number;
}

/** Visitor header when not signed in (the session token goes in the usual headers otherwise). */
function visitorHeaders(): Record<string, string> {
  if (useSessionStore.getState().isLogin) return {};
  const token = readVisitorToken();
  return token ? { 'visitor-token': token } : {};
}

function authHeaders(): Record<string, string> {
  const { token, isLogin } = useSessionStore.getState();
  const lang = useSettingsStore.getState().lang;
  const headers: Record<string, string> = { lang, language: lang };
  if (isLogin && token) {
    headers.Authorization = `Bearer ${token}`;
    headers.satoken = token;
  } else {
    Object.assign(headers, visitorHeaders());
  }
  return headers;
}

export function createVisitor(): Promise<{ token: string; expiresAt: string }> {
  return apiPost(`${CHAT_API}/support/visitor`, undefined, { silent: true });
}

export function getSupportThread(): Promise<SupportThread> {
  return apiPost(`${CHAT_API}/support/thread`, undefined, { headers: visitorHeaders(), silent: true });
}

export function joinVisitorThread(visitorToken: string): Promise<SupportThread> {
  return apiPost(`${CHAT_API}/support/join`, { visitorToken }, { silent: true });
}

export function getChatRecord(
  chatKey: string,
  current: number,
  size = 15,
): Promise<ChatPage & { me: string; state: string }> {
  return apiPost(
    `${CHAT_API}/buy/getChatRecord/${chatKey}`,
    { current, size },
    { headers: visitorHeaders() },
  );
}

export function sendChatRecord(
  chatId: string,
  content: string,
  contentType: '1' | '2',
): Promise<ChatMessage> {
  return apiPost(
    `${CHAT_API}/buy/sendChatRecord`,
    { chatId, content, contentType },
    { headers: visitorHeaders() },
  );
}

/** Multipart upload of a chat image to the conversation; returns the link for a type 2 message. */
export async function uploadChatImage(chatKey: string, file: File): Promise<string> {
  const form = new FormData();
  form.append('chatId', chatKey);
  form.append('file', file);
  const response = await fetch(buildUrl(`${CHAT_API}/buy/uploadChatImage`), {
    method: 'POST',
    headers: authHeaders(),
    body: form,
    credentials: 'same-origin',
  });
  const text = await response.text();
  const result = interpretResponse(response.status, text ? (JSON.parse(text) as unknown) : undefined);
  if (!result.ok) {
    throw new ApiError(
      'response',
      response.status,
      result.code,
      result.errorCode,
      result.msg ?? defaultErrorMessage(),
    );
  }
  return (result.envelope.data as { link: string }).link;
}

/** A chat image as an object URL (the image route wants the reader's token, so no plain <img src>). */
export async function fetchChatImage(link: string): Promise<string> {
  const response = await fetch(link, { headers: authHeaders(), credentials: 'same-origin' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return URL.createObjectURL(await response.blob());
}
