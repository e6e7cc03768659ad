// Wire types of proof of liabilities (docs/api.md "Proof of liabilities").
import type { InclusionProof } from '@coin/shared/liabilities-tree';

export interface SystemAccountView {
  name: string;
  balance: string;
  atoms: string;
}

export interface AssetRoot {
  asset: string;
  rootHash: string | null;
  leaves: number;
  userTotal: string;
  userTotalAtoms: string;
  systemTotal: string;
  systemTotalAtoms: string;
  balanced: boolean;
  system: SystemAccountView[];
}

export interface Snapshot {
  id: string;
  kind: 'daily' | 'manual';
  takenAt: string;
  coreSeq: number;
  stateHash: string;
  users: number;
  assets: AssetRoot[];
  reserves: { simulated: true; assets: Array<{ asset: string; amount: string }> } | null;
}

export interface UserProof {
  asset: string;
  balance: string;
  root: { hash: string; sum: string };
  proof: InclusionProof;
}

export interface UserProofs {
  snapshot: Snapshot;
  userId: string;
  proofs: UserProof[];
}
