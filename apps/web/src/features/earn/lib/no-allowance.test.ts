// The client never asks a wallet for a token allowance (DESIGN section 1, issue 16): no approve, permit,
// setApprovalForAll or increaseAllowance (by name or by function selector), no transaction and no
// typed-data signature anywhere in the earn feature's code. The only wallet requests it makes go
// through lib/eip1193.ts, which allows four read-or-sign-text methods (tested there); the browser test
// records every method the DeFi page asks the wallet for.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const featureRoot = fileURLToPath(new URL('..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const FORBIDDEN: [string, RegExp][] = [
  ['a transaction', /eth_sendTransaction|eth_sendRawTransaction|wallet_sendCalls/],
  ['a typed-data signature (permit)', /eth_signTypedData/],
  ['a raw eth_sign', /['"]eth_sign['"]/],
  ['approve(address,uint256)', /0x095ea7b3|\bapprove\s*\(/i],
  ['permit(...)', /0xd505accf|\bpermit\s*\(/i],
  ['setApprovalForAll', /0xa22cb465|setApprovalForAll/i],
  ['increaseAllowance', /0x39509351|increaseAllowance/i],
  ['an ERC-20 ABI', /erc20Abi|parseAbi|encodeFunctionData/],
];

describe('no token allowance in the client', () => {
  const files = sources(featureRoot);

  it('reads the feature’s sources', () => {
    expect(files.some((f) => f.endsWith('eip1193.ts'))).toBe(true);
    expect(files.length).toBeGreaterThan(5);
  });

  for (const [what, pattern] of FORBIDDEN) {
    it(`never builds ${what}`, () => {
      const hits = files.filter((f) => pattern.test(readFileSync(f, 'utf8')));
      expect(hits).toEqual([]);
    });
  }

  it('sends wallet requests only through the allow-listed wrapper', () => {
    const direct = files.filter(
      (f) => !f.endsWith('eip1193.ts') && /\.request\s*\(\s*\{/.test(readFileSync(f, 'utf8')),
    );
    expect(direct).toEqual([]);
  });
});
