import { describe, expect, it } from 'vitest';
import { explorerTxUrl } from './explorers';

describe('explorerTxUrl', () => {
  it('links a real transaction to its network explorer', () => {
    const tx = 'a'.repeat(64);
    expect(explorerTxUrl('TRC20', tx, false)).toBe(`https://tronscan.org/#/transaction/${tx}`);
    expect(explorerTxUrl('erc20', `0x${tx}`, false)).toBe(`https://etherscan.io/tx/0x${tx}`);
    expect(explorerTxUrl('BTC', tx, false)).toBe(`https://mempool.space/tx/${tx}`);
  });

  it('gives no link for simulated transfers, unknown networks or odd ids', () => {
    const tx = 'b'.repeat(64);
    expect(explorerTxUrl('TRC20', tx, true)).toBeNull();
    expect(explorerTxUrl('MADEUP', tx, false)).toBeNull();
    expect(explorerTxUrl(null, tx, false)).toBeNull();
    expect(explorerTxUrl('TRC20', null, false)).toBeNull();
    expect(explorerTxUrl('TRC20', 'abc/../../evil', false)).toBeNull();
  });
});
