// Owns the shell's two fetched links (spec sections 7 and 8): the customer-service link
// (POST /api/common/getCustomerService, a `data` list whose first item has the url) and the white-paper
// link (POST /api/common/getWhitePaperSetting, `url` at the top or under `data`). Only http(s) links are
// accepted, so a misconfigured value can never become a javascript: link.
import { isHttpUrl } from '@coin/shared/url';
import { ApiError, apiPost, apiPostEnvelope } from '@/lib/api-client';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function httpUrl(value: unknown): string | null {
  return typeof value === 'string' && isHttpUrl(value.trim()) ? value.trim() : null;
}

/** The first item's url of a customer-service reply: `[{ url }]` or `{ data: [{ url }] }`. */
export function customerServiceUrlFrom(reply: unknown): string | null {
  const list = Array.isArray(reply) ? reply : isRecord(reply) ? reply.data : undefined;
  if (!Array.isArray(list)) return null;
  const first: unknown = list[0];
  return isRecord(first) ? httpUrl(first.url) : null;
}

/** The white-paper url of a reply: a bare string, `{ url }` or `{ data: { url } }`. */
export function whitePaperUrlFrom(reply: unknown): string | null {
  if (typeof reply === 'string') return httpUrl(reply);
  if (!isRecord(reply)) return null;
  return httpUrl(reply.url) ?? (isRecord(reply.data) ? httpUrl(reply.data.url) : null);
}

// Both calls are `silent`: the callers show the spec's own toasts instead of the client's generic one.

export async function fetchCustomerServiceUrl(): Promise<string | null> {
  return customerServiceUrlFrom(
    await apiPost<unknown>('/api/common/getCustomerService', undefined, { silent: true }),
  );
}

export async function fetchWhitePaperUrl(): Promise<string | null> {
  // The whole envelope: older back ends put `url` beside `code` rather than under `data`.
  return whitePaperUrlFrom(
    await apiPostEnvelope<unknown>('/api/common/getWhitePaperSetting', undefined, { silent: true }),
  );
}

/** The server answered with a code other than 200 (as opposed to a call that got no usable reply). */
export function isServerRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'response';
}
