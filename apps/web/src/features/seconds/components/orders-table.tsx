// The user's seconds contracts with the evidence of each settlement: both ticks (price, time, sources)
// with links to the tick record, the result and the profit. Tabs all / open / settled, paged; a table on
// wide screens and cards on phones.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatTime } from '@/lib/format-time';
import { useIsPhone } from '@/lib/use-media-query';
import { useNumberFormat } from '@/lib/use-number-format';
import { ORDER_PAGE_SIZE, useSecondsOrders } from '../hooks/use-seconds-orders';
import { resultTone, type SecondsOrder } from '../lib/seconds-order';
import { durationLabel } from './period-cards';

type Tab = 'all' | 'open' | 'settled';

function Evidence({
  price,
  time,
  sources,
  url,
  decimals,
  testId,
  pending = false,
}: {
  pending?: boolean;
  price: string | null;
  time: number | null;
  sources: string[] | null;
  url: string | null;
  decimals: number;
  testId: string;
}) {
  const { t } = useTranslation('seconds');
  const nf = useNumberFormat();
  const formatTime = useFormatTime();
  if (price === null || time === null)
    return <span className="sec-muted">{t(pending ? 'orders.pending' : 'orders.noTick')}</span>;
  return (
    <span className="sec-evidence" data-testid={testId}>
      <strong>{nf.price(price, decimals)}</strong>
      <span className="sec-muted">
        {formatTime(time)}.{String(time % 1000).padStart(3, '0')}
      </span>
      <span className="sec-muted">{t('orders.sources', { sources: (sources ?? []).join(', ') })}</span>
      {url ? (
        <a href={url} target="_blank" rel="noreferrer" className="sec-link" data-testid={`${testId}-link`}>
          {t('orders.tickRecord')}
        </a>
      ) : null}
    </span>
  );
}

export function OrdersTable({
  userId,
  decimalsOf,
}: {
  userId: string;
  decimalsOf: (symbol: string) => number;
}) {
  const { t } = useTranslation('seconds');
  const nf = useNumberFormat();
  const formatTime = useFormatTime();
  const phone = useIsPhone();
  const [tab, setTab] = useState<Tab>('all');
  const [current, setCurrent] = useState(1);
  const query = useSecondsOrders(userId, tab, current);
  const page = query.data;
  const pages = page ? Math.max(1, Math.ceil(page.total / ORDER_PAGE_SIZE)) : 1;
  const result = (o: SecondsOrder) => (
    <span
      className={`sec-tone--${resultTone(o)}`}
      data-testid={`sec-order-status-${o.id}`}
      data-status={o.status}
    >
      {t(`status.${o.status}`)}
    </span>
  );
  const profit = (o: SecondsOrder) =>
    o.status === 'open' ? (
      <span className="sec-muted">{t('orders.ifWin', { payout: nf.amount(o.payout, 6) })}</span>
    ) : (
      <span className={`sec-tone--${resultTone(o)}`} data-testid={`sec-order-profit-${o.id}`}>
        {o.status === 'won' ? '+' : ''}
        {nf.amount(o.profit, 6)}
      </span>
    );
  return (
    <section className="sec-panel sec-orders" data-testid="sec-orders">
      <div className="sec-panel__head">
        <div className="sec-tabs" role="tablist">
          {(['all', 'open', 'settled'] as const).map((k) => (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={tab === k}
              className={`sec-tab${tab === k ? ' sec-tab--on' : ''}`}
              onClick={() => {
                setTab(k);
                setCurrent(1);
              }}
              data-testid={`sec-orders-tab-${k}`}
            >
              {t(`orders.tabs.${k}`)}
            </button>
          ))}
        </div>
      </div>
      {!userId ? (
        <div className="sec-empty">{t('orders.login')}</div>
      ) : !page || page.records.length === 0 ? (
        <div className="sec-empty" data-testid="sec-orders-empty">
          {query.isPending ? t('orders.loading') : t('orders.empty')}
        </div>
      ) : phone ? (
        <ul className="sec-cards">
          {page.records.map((o) => (
            <li key={o.id} className="sec-card" data-testid={`sec-order-${o.id}`}>
              <div className="sec-card__head">
                <strong>{o.pair}</strong>
                <span className={`sec-tag sec-tag--${o.direction}`}>{t(`direction.${o.direction}`)}</span>
                {result(o)}
              </div>
              <div className="sec-card__row">
                <span>{t('orders.quantity')}</span>
                <span>
                  {nf.amount(o.quantity, 0)} {o.asset} · {durationLabel(t, o.durationSec)}
                </span>
              </div>
              <div className="sec-card__row">
                <span>{t('orders.entry')}</span>
                <Evidence
                  price={o.entryPrice}
                  time={o.entryTime}
                  sources={o.entrySources}
                  url={o.entryTickUrl}
                  decimals={decimalsOf(o.symbol)}
                  testId={`sec-order-entry-${o.id}`}
                />
              </div>
              <div className="sec-card__row">
                <span>{t('orders.exit')}</span>
                <Evidence
                  price={o.exitPrice}
                  time={o.exitTime}
                  sources={o.exitSources}
                  url={o.status === 'open' ? null : o.evidenceUrl}
                  decimals={decimalsOf(o.symbol)}
                  testId={`sec-order-exit-${o.id}`}
                  pending={o.status === 'open'}
                />
              </div>
              <div className="sec-card__row">
                <span>{t('orders.profit')}</span>
                {profit(o)}
              </div>
              <div className="sec-card__row sec-muted">
                <span>{formatTime(o.createdAt)}</span>
                <span>{t('orders.expires', { time: formatTime(o.expiresAt) })}</span>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <div className="sec-table-wrap">
          <table className="sec-table">
            <thead>
              <tr>
                <th>{t('orders.time')}</th>
                <th>{t('orders.pair')}</th>
                <th>{t('orders.direction')}</th>
                <th>{t('orders.period')}</th>
                <th>{t('orders.quantity')}</th>
                <th>{t('orders.entry')}</th>
                <th>{t('orders.exit')}</th>
                <th>{t('orders.result')}</th>
                <th>{t('orders.profit')}</th>
              </tr>
            </thead>
            <tbody>
              {page.records.map((o) => (
                <tr key={o.id} data-testid={`sec-order-${o.id}`}>
                  <td>
                    {formatTime(o.createdAt)}
                    <div className="sec-muted">{t('orders.expires', { time: formatTime(o.expiresAt) })}</div>
                  </td>
                  <td>{o.pair}</td>
                  <td>
                    <span className={`sec-tag sec-tag--${o.direction}`}>{t(`direction.${o.direction}`)}</span>
                  </td>
                  <td>{durationLabel(t, o.durationSec)}</td>
                  <td>
                    {nf.amount(o.quantity, 0)} {o.asset}
                  </td>
                  <td>
                    <Evidence
                      price={o.entryPrice}
                      time={o.entryTime}
                      sources={o.entrySources}
                      url={o.entryTickUrl}
                      decimals={decimalsOf(o.symbol)}
                      testId={`sec-order-entry-${o.id}`}
                    />
                  </td>
                  <td>
                    <Evidence
                      price={o.exitPrice}
                      time={o.exitTime}
                      sources={o.exitSources}
                      url={o.status === 'open' ? null : o.evidenceUrl}
                      decimals={decimalsOf(o.symbol)}
                      testId={`sec-order-exit-${o.id}`}
                      pending={o.status === 'open'}
                    />
                  </td>
                  <td>{result(o)}</td>
                  <td>{profit(o)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page && pages > 1 ? (
        <div className="sec-pager">
          <button
            type="button"
            className="sec-chip"
            disabled={current <= 1}
            onClick={() => setCurrent((c) => c - 1)}
            data-testid="sec-orders-prev"
          >
            {t('orders.prev')}
          </button>
          <span>{t('orders.page', { current, pages })}</span>
          <button
            type="button"
            className="sec-chip"
            disabled={current >= pages}
            onClick={() => setCurrent((c) => c + 1)}
            data-testid="sec-orders-next"
          >
            {t('orders.next')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
