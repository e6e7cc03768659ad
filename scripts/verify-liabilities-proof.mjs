#!/usr/bin/env node
// Standalone verifier of proof-of-liabilities inclusion proofs (docs/proof-of-liabilities.md). Plain Node
// (>= 18), no dependencies and no code of this project: anyone can read these ~120 lines and run them.
//
//   node verify-liabilities-proof.mjs my-proof.json [--root <asset>=<rootHash>[:<totalAtoms>] ...]
//
// my-proof.json is what GET /api/mjkj-web/coin/liabilities/proof returns (the whole envelope or its
// `data`). Each proof is checked against the root published in the same file's snapshot; pass --root for
// a root you obtained independently (the public /liabilities/latest page, a copy you saved, the audit
// log), and it is checked against that too. Exit code 0 when every proof verifies, 1 otherwise.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

const VERSION = 'coin-pol-v1';
const HEX64 = /^[0-9a-f]{64}$/;
const ATOMS = /^(0|[1-9][0-9]{0,59})$/;

const sha256 = (text) => createHash('sha256').update(text, 'utf8').digest('hex');
// A netstring: <length>:<value>, (every field is ASCII, so characters = bytes).
const ns = (v) => `${v.length}:${v},`;
const leaf = (salt, userId, asset, balance) =>
  sha256(`${VERSION}|leaf|${ns(salt)}${ns(userId)}${ns(asset)}${ns(balance)}`);
const node = (lh, ls, rh, rs) => sha256(`${VERSION}|node|${ns(lh)}${ns(ls)}${ns(rh)}${ns(rs)}`);

/** Recomputes the root of one proof; returns { hash, sum } or throws with the reason. */
function rootOf(proof) {
  if (proof?.version !== VERSION) throw new Error(`unknown proof version ${proof?.version}`);
  if (!HEX64.test(proof.salt ?? '')) throw new Error('salt is not 64 hex characters');
  if (!/^[\x21-\x7e]{1,64}$/.test(proof.userId ?? '')) throw new Error('bad user id');
  if (!/^[A-Za-z0-9._-]{1,32}$/.test(proof.asset ?? '')) throw new Error('bad asset');
  if (!ATOMS.test(proof.balance ?? '')) throw new Error('balance is not a non-negative integer of atoms');
  if (!Array.isArray(proof.path) || proof.path.length > 64) throw new Error('bad path');
  let hash = leaf(proof.salt, proof.userId, proof.asset, proof.balance);
  let sum = BigInt(proof.balance);
  for (const step of proof.path) {
    // A sibling sum must be a non-negative integer: a negative one would let a node hide liabilities.
    if (!ATOMS.test(step?.sum ?? '')) throw new Error('a sibling sum is not a non-negative integer');
    if (!HEX64.test(step.hash ?? '')) throw new Error('a sibling hash is not 64 hex characters');
    if (step.side === 'left') hash = node(step.hash, step.sum, hash, sum.toString());
    else if (step.side === 'right') hash = node(hash, sum.toString(), step.hash, step.sum);
    else throw new Error(`bad side ${step.side}`);
    sum += BigInt(step.sum);
  }
  return { hash, sum: sum.toString() };
}

function parseArgs(argv) {
  const file = argv.find((a) => !a.startsWith('--'));
  const roots = new Map();
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] !== '--root') continue;
    const m = /^([^=]+)=([0-9a-f]{64})(?::(\d+))?$/.exec(argv[i + 1] ?? '');
    if (!m) throw new Error('--root wants <asset>=<64 hex>[:<total atoms>]');
    roots.set(m[1], { hash: m[2], sum: m[3] });
  }
  return { file, roots };
}

function main() {
  const { file, roots } = parseArgs(process.argv.slice(2));
  if (!file) {
    console.error('usage: node verify-liabilities-proof.mjs <proof.json> [--root <asset>=<hash>[:<total>]]');
    process.exit(2);
  }
  const json = JSON.parse(readFileSync(file, 'utf8'));
  const data = json && typeof json === 'object' && 'data' in json && 'code' in json ? json.data : json;
  const published = new Map((data.snapshot?.assets ?? []).map((a) => [a.asset, a]));
  let failures = 0;
  if (!Array.isArray(data.proofs) || data.proofs.length === 0) {
    console.log('no proofs in the file (no balances in this snapshot)');
    process.exit(1);
  }
  console.log(
    `snapshot ${data.snapshot?.id} taken ${data.snapshot?.takenAt} at core seq ${data.snapshot?.coreSeq}`,
  );
  for (const item of data.proofs) {
    const asset = item.proof?.asset;
    try {
      if (item.proof?.userId !== data.userId) throw new Error('proof is for another user id');
      const got = rootOf(item.proof);
      const snap = published.get(asset);
      if (!snap) throw new Error('asset not in the snapshot');
      if (got.hash !== snap.rootHash) throw new Error(`root ${got.hash} != published ${snap.rootHash}`);
      if (got.sum !== snap.userTotalAtoms)
        throw new Error(`total ${got.sum} != published ${snap.userTotalAtoms}`);
      const own = roots.get(asset);
      if (own && (own.hash !== got.hash || (own.sum !== undefined && own.sum !== got.sum))) {
        throw new Error(`root ${got.hash}:${got.sum} != the --root you gave`);
      }
      console.log(
        `OK   ${asset.padEnd(8)} balance ${item.proof.balance} atoms is included; root ${got.hash} total ${got.sum}`,
      );
    } catch (error) {
      failures += 1;
      console.log(`FAIL ${String(asset).padEnd(8)} ${error.message}`);
    }
  }
  for (const asset of roots.keys()) {
    if (!data.proofs.some((p) => p.proof?.asset === asset)) {
      failures += 1;
      console.log(`FAIL ${asset.padEnd(8)} --root given but the file has no proof for it`);
    }
  }
  process.exit(failures === 0 ? 0 : 1);
}

main();
