// The support inbox calls (docs/chat.md "Support inbox").
import type { ChatMessage, ChatPage } from '@coin/shared/chat';
import { ApiError, buildUrl, defaultErrorMessage, interpretResponse } from '@/lib/api-client';
import { useSettingsStore } from '@/lib/settings-store';
import { useAdminSession } from '../lib/admin-session';
import { adminGet, adminPost, adminRequest, operatorHeaders } from './admin-client';
import type { Page } from './console-types';

export type SupportState = 'new' | 'open' | 'waiting' | 'closed';

export interface InboxRow {
  chatKey: string;
  state: SupportState;
  lang: string;
  owner: { type: 'user' | 'visitor'; userId: string | null; account: string | null };
  assignee: { id: string; username: string } | null;
  lastMessageAt: string | null;
  lastMessagePreview: string;
  unread: number;
  createTime: string;
}

export interface ThreadDetail extends InboxRow {
  customer: {
    id: string;
    account: string;
    email: string | null;
    phone: string | null;
    isMerchant: number;
    grade: string;
    tier: string;
    status: string;
    createTime: string;
  } | null;
}

export interface CannedAnswer {
  id: string;
  lang: string;
  title: string;
  body: string;
  sort: number;
}

const P = '/api/admin/support';

export const supportKeys = {
  all: ['admin', 'support'] as const,
  counts: ['admin', 'support', 'counts'] as const,
  list: (state: string, assignee: string) => ['admin', 'support', 'list', state, assignee] as const,
  thread: (chatKey: string) => ['admin', 'support', 'thread', chatKey] as const,
  agents: ['admin', 'support', 'agents'] as const,
  canned: ['admin', 'support', 'canned'] as const,
};

export const supportCounts = () => adminGet<Record<SupportState, number>>(`${P}/counts`);
export const listThreads = (state: SupportState | 'all', assignee: 'me' | 'none' | 'any') =>
  adminGet<Page<InboxRow>>(`${P}/threads`, {
    state: state === 'all' ? undefined : state,
    assignee,
    size: 50,
  });
export const getThread = (chatKey: string) => adminGet<ThreadDetail>(`${P}/threads/${chatKey}`);
export const threadMessages = (chatKey: string, current: number) =>
  adminGet<ChatPage & { me: string }>(`${P}/threads/${chatKey}/messages`, { current, size: 15 });
export const replyToThread = (chatKey: string, content: string, contentType: '1' | '2') =>
  adminPost<ChatMessage>(`${P}/threads/${chatKey}/messages`, { content, contentType });
export const assignThread = (chatKey: string, operatorId?: string) =>
  adminPost<ThreadDetail>(`${P}/threads/${chatKey}/assign`, operatorId ? { operatorId } : {});
export const closeThread = (chatKey: string, close: boolean) =>
  adminRequest<ThreadDetail>('POST', `${P}/threads/${chatKey}/${close ? 'close' : 'reopen'}`);
export const listAgents = () =>
  adminGet<Array<{ id: string; username: string; role: string }>>(`${P}/agents`);
export const listCanned = () => adminGet<CannedAnswer[]>(`${P}/canned`);
export const saveCanned = (id: string | null, body: Omit<CannedAnswer, 'id'>) =>
  id === null
    ? adminPost<CannedAnswer>(`${P}/canned`, body)
    : adminRequest<CannedAnswer>('PUT', `${P}/canned/${id}`, body);
export const deleteCanned = (id: string) => adminRequest<null>('DELETE', `${P}/canned/${id}`);

/** Uploads a reply image (multipart) with the operator token; returns the chat image link. */
export async function uploadReplyImage(chatKey: string, file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const headers = operatorHeaders(useAdminSession.getState().token, useSettingsStore.getState().lang, false);
  const response = await fetch(buildUrl(`${P}/threads/${chatKey}/images`), {
    method: 'POST',
    headers,
    body: form,
  });
  const text = await response.text();
  const result = interpretResponse(response.status, text ? (JSON.parse(text) as unknown) : undefined);
  if (!result.ok)
    throw new ApiError(
      'response',
      response.status,
      result.code,
      result.errorCode,
      result.msg ?? defaultErrorMessage(),
    );
  return (result.envelope.data as { link: string }).link;
}
