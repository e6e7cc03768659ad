// The coin switch of the seconds page: the coins of the seconds list (getCoinList's coinList, the same
// set the server accepts), each with its latest price and 24 h change.
import { useTranslation } from 'react-i18next';
import { usePlatformStore } from '@/lib/platform-store';
import { useNumberFormat } from '@/lib/use-number-format';

export interface SecondsCoin {
  coin: string;
  symbol: string;
  priceDecimals: number;
}

export function CoinSwitch({
  coins,
  current,
  onPick,
}: {
  coins: SecondsCoin[];
  current: string;
  onPick: (coin: SecondsCoin) => void;
}) {
  const { t } = useTranslation('seconds');
  const nf = useNumberFormat();
  const listed = usePlatformStore((s) => s.coins?.coinList);
  return (
    <nav className="sec-coins" aria-label={t('coins')} data-testid="sec-coins">
      {coins.map((c) => {
        const entry = listed?.find(
          (e) => e.symbol === c.symbol || e.coin.toLowerCase() === c.coin.toLowerCase(),
        );
        const change = entry?.change ?? null;
        return (
          <button
            key={c.symbol}
            type="button"
            aria-current={c.symbol === current ? 'true' : undefined}
            className={`sec-coin${c.symbol === current ? ' sec-coin--on' : ''}`}
            onClick={() => onPick(c)}
            data-testid={`sec-coin-${c.coin.toLowerCase()}`}
          >
            <span className="sec-coin__name">{c.coin.toUpperCase()}</span>
            {change !== null ? (
              <span className={`sec-coin__change sec-tone--${change.startsWith('-') ? 'fall' : 'rise'}`}>
                {nf.change(change)}
              </span>
            ) : null}
          </button>
        );
      })}
    </nav>
  );
}
