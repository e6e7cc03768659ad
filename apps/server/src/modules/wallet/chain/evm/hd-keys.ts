// The custody HD wallet (BIP-32/BIP-44 from a BIP-39 mnemonic): the hot wallet is m/44'/60'/<hot>'/0/0,
// the deposit address of user u is m/44'/60'/<hot+1>'/0/<u>, so every user has one deterministic address
// per network and the server can always re-derive it (and its key, to sweep) from the mnemonic alone.
// Keys live only in memory; SQL stores addresses and derivation indexes, never a key or the seed.
import { mnemonicToSeedSync } from '@scure/bip39';
import { getAddress } from 'viem';
import { type HDAccount, HDKey, hdKeyToAccount } from 'viem/accounts';
import type { SecretText } from '@/lib/secret-text';

const MAX_INDEX = 2 ** 31 - 1;

export class HdKeys {
  readonly #root: HDKey;
  readonly #addresses = new Map<bigint, `0x${string}`>();
  readonly hot: HDAccount;

  constructor(
    mnemonic: SecretText,
    private readonly hotAccount: number,
  ) {
    this.#root = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic.reveal()));
    this.hot = hdKeyToAccount(this.#root, { accountIndex: hotAccount, addressIndex: 0 });
  }

  /** The signing account of a user's deposit address. */
  depositAccount(userId: bigint): HDAccount {
    if (userId < 0n || userId > BigInt(MAX_INDEX)) throw new Error(`user id ${userId} beyond BIP-32 indexes`);
    return hdKeyToAccount(this.#root, { accountIndex: this.hotAccount + 1, addressIndex: Number(userId) });
  }

  depositAddress(userId: bigint): `0x${string}` {
    let address = this.#addresses.get(userId);
    if (address === undefined) {
      address = getAddress(this.depositAccount(userId).address);
      this.#addresses.set(userId, address);
    }
    return address;
  }

  /** The account named by a custody tx's `signer` ('hot' or 'deposit:<userId>'). */
  signer(ref: string): HDAccount {
    if (ref === 'hot') return this.hot;
    const m = /^deposit:(\d{1,10})$/.exec(ref);
    if (!m?.[1]) throw new Error(`unknown signer ${ref}`);
    return this.depositAccount(BigInt(m[1]));
  }
}
