// Hot coins from the platform's coin lists (spot, seconds contract, U contract), priced live: each row
// reads its pair from the ticker store that the public websocket's ALL_DETAIL stream feeds, so a tick
// re-renders that row only, at most once per animation frame. Until the first push a row shows the coin
// list's price; a pair without any price shows a dash, never an invented value. Simulated prices are
// labelled as such.

import { Link } from '@tanstack/react-router';
import { memo, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppButton } from '@/components/button';
import { useAllTickersFeed, useFeedStatus } from '@/lib/live-market';
import { type CoinEntry, type CoinLists, usePlatformStore } from '@/lib/platform-store';
import { useNumberFormat } from '@/lib/use-number-format';
import { useTicker } from '@/lib/use-ticker';
import {
  changeTone,
  coinPairKey,
  coinPairLabel,
  displayChange,
  displayPrice,
  tradeSymbol,
} from '../lib/coin-display';
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

const HotCoinRow = memo(function HotCoinRow({ coin, type }: { coin: CoinEntry; type: ListKey }) {
  const { t } = useTranslation('home');
  const fmt = useNumberFormat();
  const key = coinPairKey(coin);
  const live = useTicker(key);
  const price = live?.close ?? coin.amount;
  const change = live?.zdf ?? coin.change;
  const search = { type, symbol: tradeSymbol(coin) };
  return (
    <tr data-testid="hot-coin" data-symbol={key}>
      <th scope="row">
        <Link to="/trade/index" search={search} className="hot-coins__pair">
          <CoinIcon coin={coin} />
          <span className="hot-coins__pair-name">{coinPairLabel(coin)}</span>
        </Link>
      </th>
      <td className="hot-coins__num hot-coins__price" data-testid="hot-coin-price">
        {displayPrice(fmt, price, coin.priceDecimals)}
      </td>
      <td className={`hot-coins__num hot-coins__change--${changeTone(change)}`} data-testid="hot-coin-change">
        {displayChange(fmt, change)}
      </td>
      <td className="hot-coins__action">
        <Link to="/trade/index" search={search} className="app-link-button">
          {t('hotCoins.trade')}
        </Link>
      </td>
    </tr>
  );
});

export function HotCoins() {
  const { t } = useTranslation('home');
  const coins = usePlatformStore((s) => s.coins);
  const failed = usePlatformStore((s) => s.failed.includes('coins'));
  const loading = usePlatformStore((s) => s.loading.includes('coins'));
  const reload = usePlatformStore((s) => s.reload);
  const [active, setActive] = useState<ListKey>('spot');
  const current = LISTS.find((l) => l.key === active) ?? LISTS[0];
  const rows = (coins?.[current.list] ?? []).slice(0, MAX_ROWS);
  const simulated = useFeedStatus().data?.simulated === true;
  useAllTickersFeed();

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
          {rows.map((coin) => (
            <HotCoinRow key={`${coin.symbol}-${coin.coin}`} coin={coin} type={current.key} />
          ))}
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
        {simulated ? (
          <p className="hot-coins__note hot-coins__note--simulated" data-testid="simulated-label">
            <strong>{t('hotCoins.simulatedLabel')}</strong> {t('hotCoins.simulatedText')}
          </p>
        ) : null}
      </div>
    </section>
  );
}
