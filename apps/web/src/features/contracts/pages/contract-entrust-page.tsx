// /account/entrust/future/u and /account/entrust/future/coin: the user's contract orders of that kind
// (open, and the ended ones and the fills from SQL), their open positions and the closed and liquidated
// ones.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  type ContractType,
  contractMarkets,
  myOrders,
  myPositionHistory,
  myPositions,
} from '../api/contracts-api';
import { ClosedPositions, HistoryTabs, Orders } from './contract-page';
import '../contracts.css';

export function ContractEntrustPage({ type }: { type: ContractType }) {
  const { t } = useTranslation('contracts');
  const markets = useQuery({
    queryKey: ['contracts', 'markets', type],
    queryFn: () => contractMarkets(type),
  });
  const symbols = new Set((markets.data?.markets ?? []).map((m) => m.symbol));
  const open = useQuery({
    queryKey: ['contracts', 'orders', 'current'],
    queryFn: () => myOrders('current'),
    refetchInterval: 2000,
  });
  const history = useQuery({
    queryKey: ['contracts', 'orders', 'history'],
    queryFn: () => myOrders('history'),
    refetchInterval: 5000,
  });
  const positions = useQuery({
    queryKey: ['contracts', 'positions'],
    queryFn: myPositions,
    refetchInterval: 2000,
  });
  const closed = useQuery({
    queryKey: ['contracts', 'closed'],
    queryFn: myPositionHistory,
    refetchInterval: 10_000,
  });
  const mine = (positions.data ?? []).filter((p) => symbols.has(p.symbol));
  return (
    <div className="ctr-entrust" data-testid={`ctr-entrust-${type}`}>
      <h2>{t(`entrust.${type}`)}</h2>
      <section className="ctr-panel" data-testid="ctr-entrust-positions">
        <h2>{t('positions')}</h2>
        {mine.length === 0 ? <p>{t('noPositions')}</p> : null}
        <ul>
          {mine.map((p) => (
            <li key={p.positionId}>
              {p.pair} {t(`side.${p.side}`)} {p.leverage}x · {p.qty} @ {p.avgPrice} · {t('liqPrice')}{' '}
              {p.liquidationPrice ?? '—'} · {t('pnl')} {p.unrealizedPnl}
            </li>
          ))}
        </ul>
      </section>
      <Orders
        title={t('openOrders')}
        testId="ctr-entrust-open"
        orders={(open.data?.records ?? []).filter((o) => symbols.has(o.symbol))}
      />
      <HistoryTabs
        testId="ctr-entrust-history"
        orders={(history.data?.records ?? []).filter((o) => symbols.has(o.symbol))}
        filter={(symbol) => symbols.has(symbol)}
      />
      <ClosedPositions
        testId="ctr-entrust-closed"
        positions={(closed.data?.records ?? []).filter((p) => symbols.has(p.symbol))}
      />
    </div>
  );
}
