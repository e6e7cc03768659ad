// Block-explorer links for transaction ids, per network name of the wallet assets (wallet-assets.ts on the
// server). A simulated transfer, a network without a public explorer here, or a txid that is not a plain
// token gets no link: the id is still shown and can be copied.
const EXPLORERS: Record<string, (txid: string) => string> = {
  BTC: (tx) => `https://mempool.space/tx/${tx}`,
  ERC20: (tx) => `https://etherscan.io/tx/${tx}`,
  TRC20: (tx) => `https://tronscan.org/#/transaction/${tx}`,
  BEP20: (tx) => `https://bscscan.com/tx/${tx}`,
  SOL: (tx) => `https://solscan.io/tx/${tx}`,
  XRP: (tx) => `https://livenet.xrpl.org/transactions/${tx}`,
  DOGE: (tx) => `https://blockchair.com/dogecoin/transaction/${tx}`,
  ADA: (tx) => `https://cardanoscan.io/transaction/${tx}`,
  LTC: (tx) => `https://blockchair.com/litecoin/transaction/${tx}`,
  DOT: (tx) => `https://polkadot.subscan.io/extrinsic/${tx}`,
  'AVAX-C': (tx) => `https://snowtrace.io/tx/${tx}`,
};

// Hex (with or without 0x) and base58 ids: nothing that could break out of the URL path.
const TXID = /^[0-9A-Za-z]{16,128}$/;

export function explorerTxUrl(
  network: string | null | undefined,
  txid: string | null | undefined,
  simulated: boolean,
): string | null {
  if (simulated || !network || !txid || !TXID.test(txid)) return null;
  const link = EXPLORERS[network.toUpperCase()];
  return link ? link(txid) : null;
}
