// The withdrawal body is sent encrypted (spec section 7; docs/wallet-api.md "Withdraw"): a fresh
// AES-256-GCM key encrypts the JSON, and the server's RSA-OAEP (SHA-256) public key wraps that AES key.
// WebCrypto only, so the fund password never leaves the browser in clear text inside the JSON body.

export interface WithdrawalPayload {
  coin: string;
  address: string;
  amount: string;
  /** base64 of the fund password (the same transport encoding as the fund-password routes). */
  tradePwd: string;
  network?: string;
}

export interface EncryptedWithdrawal {
  keyId?: string;
  key: string;
  iv: string;
  data: string;
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

export function base64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** UTF-8 first, so a non-ASCII password survives; the server decodes with the same rule. */
export function encodeFundPassword(password: string): string {
  return bytesToBase64(new TextEncoder().encode(password));
}

export async function importWithdrawalKey(publicKeyBase64: string, subtle: SubtleCrypto): Promise<CryptoKey> {
  return subtle.importKey(
    'spki',
    base64ToBytes(publicKeyBase64),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['wrapKey', 'encrypt'],
  );
}

export async function encryptWithdrawal(
  payload: WithdrawalPayload,
  serverKey: { keyId?: string; publicKey: string },
  subtle: SubtleCrypto = globalThis.crypto.subtle,
): Promise<EncryptedWithdrawal> {
  const rsaKey = await importWithdrawalKey(serverKey.publicKey, subtle);
  const aesKey = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const plaintext = new TextEncoder().encode(JSON.stringify(payload));
  // WebCrypto's AES-GCM output is ciphertext followed by the 16-byte tag, which is what the server expects.
  const data = new Uint8Array(await subtle.encrypt({ name: 'AES-GCM', iv }, aesKey, plaintext));
  const wrapped = new Uint8Array(await subtle.wrapKey('raw', aesKey, rsaKey, { name: 'RSA-OAEP' }));
  return {
    ...(serverKey.keyId ? { keyId: serverKey.keyId } : {}),
    key: bytesToBase64(wrapped),
    iv: bytesToBase64(iv),
    data: bytesToBase64(data),
  };
}
