// DeFi mining (spec section 3, DESIGN section 1 "No wallet drainers"): a stake from the user's platform
// finance account, never a token allowance. The wallet address it names was proven by a signed EIP-4361
// message before the command (modules/earn); the first time an address joins any pool it pays the
// one-time gas fee, stated before joining, into the gas account. Rewards are paid daily from the DeFi
// pool; a stake may end at any time with the whole days mined so far.
import { parseCanonical, reject, requireAsset } from '../rejection';
import type { DepositRules } from './deposit-orders';
import { type DefiProductConfig, EARN_ACCOUNT } from './earn-commands';
import { COMMON_KEYS, onlyKeys, requireAssetAmount } from './earn-products';

const KEYS = [...COMMON_KEYS, 'gasAsset', 'gasFee'];
export const ADDRESS_PATTERN = /^0x[0-9a-f]{40}$/;

export const defiRules: DepositRules = {
  kind: 'defi',
  checkConfig(config, ledger) {
    const c = config as DefiProductConfig;
    onlyKeys(c, KEYS);
    requireAsset(c.gasAsset);
    requireAssetAmount(ledger, c.gasAsset, c.gasFee, 'nonNegative');
  },
  checkSubscribe(_work, { address }) {
    if (typeof address !== 'string' || !ADDRESS_PATTERN.test(address)) reject('INVALID_COMMAND');
  },
  orderTerms() {
    return { lockDays: 0, payout: 'daily', penaltyRate: 0n };
  },
  charge(work, { product, userId, address }) {
    const c = product.config as DefiProductConfig;
    const a = address ?? reject('INVALID_COMMAND');
    const fee = work.gasPaid(a) ? 0n : parseCanonical(c.gasFee, 'nonNegative');
    if (fee > 0n) {
      work.tx.requireAvailable(userId, c.gasAsset, EARN_ACCOUNT, fee);
      work.tx.user(userId, c.gasAsset, EARN_ACCOUNT, 'available', -fee);
      work.tx.system('earn_gas_fees', c.gasAsset, fee);
    }
    work.markGasPaid(a, userId);
    work.addAddress(c.id, a);
    return { address: a, gasAsset: c.gasAsset, gasFee: fee };
  },
  early() {
    return { penalty: 0n, payAccrued: true };
  },
};
