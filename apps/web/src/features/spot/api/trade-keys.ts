// Query keys of the trade page (under ['spot', 'trade'], apart from the order lists) and the API root.
import { SPOT_API } from './spot-keys';

/** The coin API root (the same as the order lists'). */
export const COIN_API = SPOT_API;

export const tradeKeys = {
  all: ['spot', 'trade'] as const,
  trades: (symbol: string) => [...tradeKeys.all, 'trades', symbol] as const,
  klines: (symbol: string, interval: string) => [...tradeKeys.all, 'klines', symbol, interval] as const,
  /** Per user, so a logout or another user never reads a cached balance. */
  wallet: (symbol: string, userId: string) => [...tradeKeys.all, 'wallet', symbol, userId] as const,
};
