// A random id for this browser, generated once and kept across logins, so the server's device list
// (getLoginDevice) shows one entry per browser rather than one per login.
import { deviceIdSchema } from '@coin/shared/auth-schemas';
import { storage } from '@/lib/storage';

const DEVICE_ID_KEY = 'deviceId';

function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID().replaceAll('-', '');
  }
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export function getDeviceId(): string {
  const stored = storage.get<unknown>(DEVICE_ID_KEY);
  if (typeof stored === 'string' && deviceIdSchema.safeParse(stored).success) return stored;
  const id = randomId();
  storage.set(DEVICE_ID_KEY, id);
  return id;
}
