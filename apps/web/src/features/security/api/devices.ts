// Signed-in devices and the login log: GET {api}/member/getLoginDevice, POST deleteDevice/{id} (revokes
// that session: its token stops working and its sockets close), GET getLoginLog.
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/lib/api-client';
import { MEMBER_API, securityKeys } from './security-keys';

export interface Device {
  id: string;
  deviceName: string;
  ip: string;
  userAgent: string;
  createTime: string;
  lastSeenTime: string;
  current: boolean;
}

export interface LoginLogRecord {
  id: string;
  method: string;
  success: boolean;
  reason: string | null;
  ip: string;
  deviceName: string;
  createTime: string;
}

export const LOGIN_LOG_PAGE_SIZE = 10;

export function devicesQuery() {
  return queryOptions({
    queryKey: securityKeys.devices(),
    queryFn: ({ signal }) => apiGet<Device[]>(`${MEMBER_API}/getLoginDevice`, undefined, { signal }),
  });
}

export function loginLogQuery(current: number) {
  return queryOptions({
    queryKey: securityKeys.loginLog(current),
    queryFn: ({ signal }) =>
      apiGet<{ records: LoginLogRecord[]; total: number; current: number }>(
        `${MEMBER_API}/getLoginLog`,
        { current, size: LOGIN_LOG_PAGE_SIZE },
        { signal },
      ),
  });
}

export function logOutDevice(id: string): Promise<null> {
  return apiPost<null>(`${MEMBER_API}/deleteDevice/${encodeURIComponent(id)}`);
}
