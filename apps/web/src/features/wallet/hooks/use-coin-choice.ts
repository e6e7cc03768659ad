// The wallet asset list and a coin choice that defaults to USDT (or the first asset) once it loads.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { walletAssetsQuery } from '../api/get-recharge-currency';
import type { WalletAsset } from '../lib/wallet-types';

export function useCoinChoice(filter: (asset: WalletAsset) => boolean = () => true) {
  const assets = useQuery(walletAssetsQuery());
  const list = (assets.data ?? []).filter(filter);
  const [picked, setPicked] = useState('');
  const fallback = list.find((a) => a.coin === 'USDT')?.coin ?? list[0]?.coin ?? '';
  const coin = list.some((a) => a.coin === picked) ? picked : fallback;
  const asset = list.find((a) => a.coin === coin);
  return {
    coin,
    setCoin: setPicked,
    asset,
    coins: list.map((a) => a.coin),
    assets: assets.data ?? [],
    query: assets,
  };
}

/** The display decimals of each wallet asset (8 until the list has loaded or for an unknown coin). */
export function useDecimalsOf(): (coin: string) => number {
  const assets = useQuery(walletAssetsQuery());
  return (coin) => assets.data?.find((a) => a.coin === coin)?.decimals ?? 8;
}
