// The default coin and market catalogue written on first start (insert ... on conflict do nothing, so an
// operator's later changes are kept and coins are never deleted, only disabled). Starting prices are
// the simulator's starting points (late-2024 levels), volatilities are typical annualized values, and
// the daily turnover only scales the simulated volume.
export interface SeedCoin {
  coin: string;
  name: string;
  coinType: 1 | 3;
  plate: string;
  initialPrice: string;
  volatility: string;
  simDailyTurnover: string;
  /** Absent for the quote coin (USDT has no market of its own). */
  market?: {
    market?: string;
    showSymbol?: string;
    customizeFlag?: 1 | 2;
    priceDecimals: number;
    qtyDecimals: number;
    seconds: boolean;
    spot: boolean;
    contract: boolean;
  };
}

const crypto = (priceDecimals: number, qtyDecimals: number) => ({
  priceDecimals,
  qtyDecimals,
  seconds: true,
  spot: true,
  contract: true,
});

export const PLATES = ['main', 'layer1', 'defi', 'payment', 'platform', 'meme', 'metals'] as const;
export type Plate = (typeof PLATES)[number];

export const SEED_COINS: readonly SeedCoin[] = [
  {
    coin: 'btc',
    name: 'Bitcoin',
    coinType: 1,
    plate: 'main,layer1,payment',
    initialPrice: '67000',
    volatility: '0.55',
    simDailyTurnover: '1500000000',
    market: crypto(2, 4),
  },
  {
    coin: 'eth',
    name: 'Ethereum',
    coinType: 1,
    plate: 'main,layer1,defi',
    initialPrice: '3500',
    volatility: '0.7',
    simDailyTurnover: '800000000',
    market: crypto(2, 4),
  },
  {
    coin: 'bnb',
    name: 'BNB',
    coinType: 1,
    plate: 'main,platform',
    initialPrice: '600',
    volatility: '0.6',
    simDailyTurnover: '150000000',
    market: crypto(2, 4),
  },
  {
    coin: 'sol',
    name: 'Solana',
    coinType: 1,
    plate: 'main,layer1',
    initialPrice: '150',
    volatility: '0.9',
    simDailyTurnover: '300000000',
    market: crypto(3, 3),
  },
  {
    coin: 'xrp',
    name: 'XRP',
    coinType: 1,
    plate: 'main,payment',
    initialPrice: '0.55',
    volatility: '0.85',
    simDailyTurnover: '120000000',
    market: crypto(5, 1),
  },
  {
    coin: 'doge',
    name: 'Dogecoin',
    coinType: 1,
    plate: 'meme,payment',
    initialPrice: '0.15',
    volatility: '1.0',
    simDailyTurnover: '100000000',
    market: crypto(6, 0),
  },
  {
    coin: 'ada',
    name: 'Cardano',
    coinType: 1,
    plate: 'layer1',
    initialPrice: '0.45',
    volatility: '0.85',
    simDailyTurnover: '40000000',
    market: crypto(5, 1),
  },
  {
    coin: 'trx',
    name: 'TRON',
    coinType: 1,
    plate: 'layer1,payment',
    initialPrice: '0.12',
    volatility: '0.55',
    simDailyTurnover: '30000000',
    market: crypto(6, 0),
  },
  {
    coin: 'ltc',
    name: 'Litecoin',
    coinType: 1,
    plate: 'payment',
    initialPrice: '80',
    volatility: '0.75',
    simDailyTurnover: '35000000',
    market: crypto(2, 3),
  },
  {
    coin: 'dot',
    name: 'Polkadot',
    coinType: 1,
    plate: 'layer1',
    initialPrice: '7',
    volatility: '0.85',
    simDailyTurnover: '20000000',
    market: crypto(4, 2),
  },
  {
    coin: 'link',
    name: 'Chainlink',
    coinType: 1,
    plate: 'defi',
    initialPrice: '15',
    volatility: '0.9',
    simDailyTurnover: '30000000',
    market: crypto(4, 2),
  },
  {
    coin: 'avax',
    name: 'Avalanche',
    coinType: 1,
    plate: 'layer1,defi',
    initialPrice: '35',
    volatility: '0.95',
    simDailyTurnover: '30000000',
    market: crypto(3, 2),
  },
  {
    // Gold as an MT5 instrument: the client looks its amount up with getMt5Amount (coinType 3).
    coin: 'xau',
    name: 'Gold',
    coinType: 3,
    plate: 'metals',
    initialPrice: '2400',
    volatility: '0.15',
    simDailyTurnover: '50000000',
    market: {
      market: 'XAUUSD',
      showSymbol: 'XAU/USD',
      customizeFlag: 2,
      priceDecimals: 2,
      qtyDecimals: 2,
      seconds: true,
      spot: false,
      contract: true,
    },
  },
  {
    coin: 'usdt',
    name: 'Tether USD',
    coinType: 1,
    plate: '',
    initialPrice: '1',
    volatility: '0',
    simDailyTurnover: '0',
  },
];
