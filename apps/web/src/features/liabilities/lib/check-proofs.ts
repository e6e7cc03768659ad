// The in-browser check: each of the user's proofs is recomputed here with Web Crypto (the shared
// verifier, the same encoding as the server and the standalone script) and compared with the root the
// public snapshot page published — not with the root that came with the proof.
import {
  type HashHexAsync,
  type VerifyFailure,
  verifyInclusion,
  webCryptoSha256Hex,
} from '@coin/shared/liabilities-tree';
import type { Snapshot, UserProofs } from './liabilities-types';

export type ProofCheck =
  | { asset: string; balance: string; ok: true; rootHash: string }
  | { asset: string; balance: string; ok: false; reason: VerifyFailure | 'not_published' | 'other_user' };

/** Web Crypto exists only in secure contexts (https, localhost): undefined elsewhere. */
export function browserHash(): HashHexAsync | undefined {
  const subtle = globalThis.crypto?.subtle;
  return subtle === undefined ? undefined : (input) => webCryptoSha256Hex(input, subtle);
}

export async function checkProofs(
  published: Snapshot,
  mine: UserProofs,
  userId: string,
  hash: HashHexAsync,
): Promise<ProofCheck[]> {
  const out: ProofCheck[] = [];
  for (const item of mine.proofs) {
    const root = published.assets.find((a) => a.asset === item.asset);
    if (mine.snapshot.id !== published.id || root?.rootHash == null) {
      out.push({ asset: item.asset, balance: item.balance, ok: false, reason: 'not_published' });
      continue;
    }
    if (item.proof.userId !== userId) {
      out.push({ asset: item.asset, balance: item.balance, ok: false, reason: 'other_user' });
      continue;
    }
    const result = await verifyInclusion(item.proof, { hash: root.rootHash, sum: root.userTotalAtoms }, hash);
    out.push(
      result.ok
        ? { asset: item.asset, balance: item.balance, ok: true, rootHash: result.rootHash }
        : { asset: item.asset, balance: item.balance, ok: false, reason: result.reason },
    );
  }
  return out;
}
