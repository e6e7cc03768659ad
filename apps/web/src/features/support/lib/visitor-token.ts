// The visitor's chat session token, kept in local storage (coin_web-chatVisitor) until the visitor signs
// in and their conversation joins the account.
import { storage } from '@/lib/storage';

const KEY = 'chatVisitor';

export function readVisitorToken(): string | null {
  const value = storage.get<string>(KEY);
  return typeof value === 'string' && value !== '' ? value : null;
}

export function writeVisitorToken(token: string): void {
  storage.set(KEY, token, 'local');
}

export function clearVisitorToken(): void {
  storage.remove(KEY);
}
