// Withdrawal address format checks per network family (shape only: length, alphabet, prefix). A
// checksum check needs each chain's library and belongs to a real chain adapter.
import type { NetworkFamily } from '../wallet-assets';

const BASE58 = '[1-9A-HJ-NP-Za-km-z]';
const BECH32 = '[02-9ac-hj-np-z]';

const PATTERNS: Record<NetworkFamily, RegExp> = {
  btc: new RegExp(`^(bc1${BECH32}{11,71}|[13]${BASE58}{25,34})$`),
  evm: /^0x[0-9a-fA-F]{40}$/,
  sol: new RegExp(`^${BASE58}{32,44}$`),
  xrp: new RegExp(`^r${BASE58}{24,34}$`),
  doge: new RegExp(`^[DA9]${BASE58}{25,34}$`),
  ada: new RegExp(`^addr1${BECH32}{50,110}$`),
  trx: new RegExp(`^T${BASE58}{33}$`),
  ltc: new RegExp(`^(ltc1${BECH32}{11,71}|[LM3]${BASE58}{26,33})$`),
  dot: new RegExp(`^1${BASE58}{46,47}$`),
};

export function isValidAddress(family: NetworkFamily, address: string): boolean {
  return PATTERNS[family].test(address);
}
