// Hot coins from the platform's coin lists (spot, seconds contract, U contract). Prices are null until
// live market data is switched on, and are shown as a dash with a note saying so, never invented.

import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppButton } from '@/components/button';
import { type CoinEntry, type CoinLists, usePlatformStore } from '@/lib/platform-store';
import { changeTone, coinPairLabel, displayChange, displayPrice, tradeSymbol } from '../lib/coin-display';
import { SectionHeader } from './section-header';

const MAX_ROWS = 8;

const LISTS = [
  { key: 'spot', list: 'currencyList', labelKey: 'hotCoins.spot' },
  { key: 'sec', list: 'coinList', labelKey: 'hotCoins.sec' },
  { key: 'usta', list: 'contractList', labelKey: 'hotCoins.usta' },
] as const satisfies ReadonlyArray<{ key: string; list: keyof CoinLists; labelKey: string }>;

type ListKey = (typeof LISTS)[number]['key'];

function CoinIcon({ coin }: { coin: CoinEntry }) {
  const [broken, setBroken] = useState(false);
  if (coin.logo && !broken)
    return <img className="hot-coins__logo" src={coin.logo} alt="" onError={() => setBroken(true)} />;
  return (
    <span className="hot-coins__logo hot-coins__logo--letter" aria-hidden>
      {(coin.coin || coin.symbol).slice(0, 1).toUpperCase()}
    </span>
  );
}

export function HotCoins() {
  const { t } = useTranslation('home');
  const coins = usePlatformStore((s) => s.coins);
  const failed = usePlatformStore((s) => s.failed.includes('coins'));
  const loading = usePlatformStore((s) => s.loading.includes('coins'));
  const reload = usePlatformStore((s) => s.reload);
  const [active, setActive] = useState<ListKey>('spot');
  const current = LISTS.find((l) => l.key === active) ?? LISTS[0];
  const rows = (coins?.[current.list] ?? []).slice(0, MAX_ROWS);
  const pricesPending = rows.length > 0 && rows.every((c) => c.amount === null || c.amount === undefined);

  let body: ReactNode;
  if (!coins && (loading || !failed)) {
    body = <p className="hot-coins__state">{t('hotCoins.loading')}</p>;
  } else if (!coins) {
    body = (
      <div className="hot-coins__state">
        <p>{t('hotCoins.failed')}</p>
        <AppButton onClick={() => void reload('coins')} loading={loading}>
          {t('hotCoins.retry')}
        </AppButton>
      </div>
    );
  } else if (rows.length === 0) {
    body = <p className="hot-coins__state">{t('hotCoins.empty')}</p>;
  } else {
    body = (
      <table className="hot-coins__table">
        <thead>
          <tr>
            <th scope="col">{t('hotCoins.pair')}</th>
            <th scope="col" className="hot-coins__num">
              {t('hotCoins.price')}
            </th>
            <th scope="col" className="hot-coins__num">
              {t('hotCoins.change')}
            </th>
            <th scope="col" className="hot-coins__action">
              <span className="sr-only">{t('hotCoins.trade')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((coin) => {
            const search = { type: current.key, symbol: tradeSymbol(coin) };
            return (
              <tr key={`${coin.symbol}-${coin.coin}`} data-testid="hot-coin">
                <th scope="row">
                  <Link to="/trade/index" search={search} className="hot-coins__pair">
                    <CoinIcon coin={coin} />
                    <span className="hot-coins__pair-name">{coinPairLabel(coin)}</span>
                  </Link>
                </th>
                <td className="hot-coins__num">{displayPrice(coin.amount)}</td>
                <td className={`hot-coins__num hot-coins__change--${changeTone(coin.change)}`}>
                  {displayChange(coin.change)}
                </td>
                <td className="hot-coins__action">
                  <Link to="/trade/index" search={search} className="app-link-button">
                    {t('hotCoins.trade')}
                  </Link>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    );
  }

  return (
    <section className="home-section" aria-labelledby="home-hot-coins">
      <SectionHeader
        id="home-hot-coins"
        title={t('hotCoins.title')}
        subtitle={t('hotCoins.subtitle')}
        extra={
          <div className="home-tabs" role="tablist" aria-label={t('hotCoins.markets')}>
            {LISTS.map((list) => (
              <button
                key={list.key}
                type="button"
                role="tab"
                aria-selected={active === list.key}
                className={active === list.key ? 'home-tabs__tab home-tabs__tab--active' : 'home-tabs__tab'}
                onClick={() => setActive(list.key)}
                data-testid={`hot-coins-tab-${list.key}`}
              >
                {t(list.labelKey)}
              </button>
            ))}
          </div>
        }
      />
      <div className="home-card hot-coins">
        {body}
        {pricesPending ? <p className="hot-coins__note">{t('hotCoins.pricesPending')}</p> : null}
      </div>
    </section>
  );
}
