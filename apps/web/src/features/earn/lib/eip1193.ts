// The only way this client talks to a browser wallet (EIP-1193, DESIGN section 1 "No wallet drainers").
// It may ask for exactly four things: the account (eth_requestAccounts, eth_accounts), the chain id
// (eth_chainId) and a plain-text signature (personal_sign) of the EIP-4361 sign-in message the server
// issued. Anything else, above all a transaction, typed-data signature, approve or permit, is refused
// here before it reaches the wallet; lib/no-allowance.test.ts checks the feature's code never builds one.

/** What an injected wallet exposes (window.ethereum). */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

export const ALLOWED_WALLET_METHODS = [
  'eth_requestAccounts',
  'eth_accounts',
  'eth_chainId',
  'personal_sign',
] as const;
export type WalletMethod = (typeof ALLOWED_WALLET_METHODS)[number];

export class WalletMethodRefused extends Error {
  override readonly name = 'WalletMethodRefused';
}

/** The error a wallet returns when its user declines (EIP-1193 code 4001). */
export function isUserRejection(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 4001;
}

export function injectedWallet(): Eip1193Provider | undefined {
  if (typeof window === 'undefined') return undefined;
  const ethereum = (window as { ethereum?: unknown }).ethereum;
  return typeof ethereum === 'object' &&
    ethereum !== null &&
    typeof (ethereum as Eip1193Provider).request === 'function'
    ? (ethereum as Eip1193Provider)
    : undefined;
}

/** A request from the allowed set; any other method throws without reaching the wallet. */
export function walletRequest(
  provider: Eip1193Provider,
  method: WalletMethod,
  params?: unknown[],
): Promise<unknown> {
  if (!(ALLOWED_WALLET_METHODS as readonly string[]).includes(method))
    return Promise.reject(new WalletMethodRefused(`wallet method ${String(method)} is not allowed`));
  return provider.request(params === undefined ? { method } : { method, params });
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export async function connectWallet(
  provider: Eip1193Provider,
): Promise<{ address: string; chainId: number }> {
  const accounts = await walletRequest(provider, 'eth_requestAccounts');
  const address = Array.isArray(accounts)
    ? accounts.find((a): a is string => typeof a === 'string' && ADDRESS.test(a))
    : undefined;
  if (!address) throw new Error('the wallet returned no account');
  const chain = await walletRequest(provider, 'eth_chainId');
  const chainId = typeof chain === 'string' ? Number.parseInt(chain, 16) : Number(chain);
  return { address, chainId: Number.isSafeInteger(chainId) && chainId > 0 ? chainId : 1 };
}

/** UTF-8 text as 0x-hex (what personal_sign takes, so the wallet shows the text exactly). */
export function utf8Hex(text: string): string {
  let hex = '0x';
  for (const byte of new TextEncoder().encode(text)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** Asks the wallet to sign the sign-in message as plain text; returns the signature. */
export async function signMessage(
  provider: Eip1193Provider,
  address: string,
  message: string,
): Promise<string> {
  const signature = await walletRequest(provider, 'personal_sign', [utf8Hex(message), address]);
  if (typeof signature !== 'string' || !/^0x[0-9a-fA-F]+$/.test(signature))
    throw new Error('the wallet returned no signature');
  return signature;
}
