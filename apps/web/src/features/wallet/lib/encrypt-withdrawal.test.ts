import { describe, expect, it } from 'vitest';
import {
  base64ToBytes,
  bytesToBase64,
  encodeFundPassword,
  encryptWithdrawal,
  type WithdrawalPayload,
} from './encrypt-withdrawal';

const subtle = globalThis.crypto.subtle;

async function serverKeyPair() {
  const pair = await subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt', 'wrapKey', 'unwrapKey'],
  );
  const spki = new Uint8Array(await subtle.exportKey('spki', pair.publicKey));
  return { privateKey: pair.privateKey, publicKey: bytesToBase64(spki) };
}

/** What the server does: unwrap the AES key with the RSA private key, then open the GCM box. */
async function decrypt(privateKey: CryptoKey, body: { key: string; iv: string; data: string }) {
  const rawKey = await subtle.decrypt({ name: 'RSA-OAEP' }, privateKey, base64ToBytes(body.key));
  expect(rawKey.byteLength).toBe(32);
  const aes = await subtle.importKey('raw', rawKey, 'AES-GCM', false, ['decrypt']);
  const plain = await subtle.decrypt(
    { name: 'AES-GCM', iv: base64ToBytes(body.iv) },
    aes,
    base64ToBytes(body.data),
  );
  return JSON.parse(new TextDecoder().decode(plain)) as unknown;
}

describe('encryptWithdrawal', () => {
  it('produces a body the holder of the private key can open, with a 12-byte IV and a 16-byte tag', async () => {
    const { privateKey, publicKey } = await serverKeyPair();
    const payload: WithdrawalPayload = {
      coin: 'USDT',
      address: 'TXYZabc123',
      amount: '12.5',
      tradePwd: encodeFundPassword('Fund#pässword1'),
    };
    const body = await encryptWithdrawal(payload, { keyId: 'k1', publicKey });
    expect(body.keyId).toBe('k1');
    expect(base64ToBytes(body.iv).length).toBe(12);
    const plaintextLength = new TextEncoder().encode(JSON.stringify(payload)).length;
    expect(base64ToBytes(body.data).length).toBe(plaintextLength + 16);
    expect(JSON.stringify(body)).not.toContain('TXYZabc123');
    expect(await decrypt(privateKey, body)).toEqual(payload);
  });

  it('uses a fresh key and IV every time', async () => {
    const { publicKey } = await serverKeyPair();
    const payload: WithdrawalPayload = { coin: 'BTC', address: 'a', amount: '1', tradePwd: 'eA==' };
    const a = await encryptWithdrawal(payload, { publicKey });
    const b = await encryptWithdrawal(payload, { publicKey });
    expect(a.iv).not.toBe(b.iv);
    expect(a.data).not.toBe(b.data);
    expect(a.keyId).toBeUndefined();
  });

  it('fails on a tampered ciphertext (GCM authentication)', async () => {
    const { privateKey, publicKey } = await serverKeyPair();
    const body = await encryptWithdrawal(
      { coin: 'BTC', address: 'a', amount: '1', tradePwd: 'eA==' },
      { publicKey },
    );
    const data = base64ToBytes(body.data);
    data[0] = (data[0] ?? 0) ^ 1;
    await expect(decrypt(privateKey, { ...body, data: bytesToBase64(data) })).rejects.toThrow();
  });

  it('encodes the fund password as base64 of its UTF-8 bytes', () => {
    expect(encodeFundPassword('abc123')).toBe('YWJjMTIz');
    expect(atob(encodeFundPassword('ä'))).toBe('\u00c3\u00a4');
  });
});
