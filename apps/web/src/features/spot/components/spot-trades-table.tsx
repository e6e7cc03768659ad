// The user's fills (trade history, GET {api}/entrust/get/myExchangeLog): time, pair, side, maker or taker,
// price, quantity, total and fee; one card per fill on a phone. Refreshed with the order lists (its query
// lives under ['spot', 'orders'], so ORDER pushes and cancels refresh it too).
// Test ids: `spot-trades`, `spot-trade-<tradeId>`, `spot-trades-empty`, `spot-trades-error`.
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Pagination, Result, Skeleton, Table, type TableColumnsType } from 'antd';
import { type HTMLAttributes, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { useFormatTime } from '@/lib/format-time';
import { useIsPhone } from '@/lib/use-media-query';
import { useNumberFormat } from '@/lib/use-number-format';
import { myTradesQuery } from '../api/get-my-trades';
import { useSpotOrderEvents } from '../hooks/use-spot-order-events';
import { type SpotFill, sideKey, sideTone } from '../lib/spot-order';
import { useSpotPrecision } from './spot-orders-table';
import './spot-orders.css';

interface Column {
  key: string;
  title: ReactNode;
  align?: 'left' | 'right';
  render: (fill: SpotFill) => ReactNode;
}

function pairOf(fill: SpotFill): string {
  return fill.pair ?? fill.symbol.toUpperCase();
}

export function SpotTradesTable({ symbol, pageSize = 10 }: { symbol?: string; pageSize?: number }) {
  const { t } = useTranslation('spotOrders');
  const phone = useIsPhone();
  const fmt = useNumberFormat();
  const formatTime = useFormatTime();
  const precisionOf = useSpotPrecision();
  const [current, setCurrent] = useState(1);
  const [lastSymbol, setLastSymbol] = useState(symbol);
  if (lastSymbol !== symbol) {
    setLastSymbol(symbol);
    setCurrent(1);
  }
  const query = useQuery(myTradesQuery({ current, size: pageSize, ...(symbol ? { symbol } : {}) }));
  useSpotOrderEvents();
  const rows = query.data?.records ?? [];
  const precision = (f: SpotFill) =>
    precisionOf({ symbol: f.symbol, price: f.price, avgPrice: null, quantity: f.qty, filledQty: f.qty });

  const columns: Column[] = [
    {
      key: 'time',
      title: t('columns.time'),
      render: (f) => <span className="spot-time">{formatTime(f.time)}</span>,
    },
    { key: 'pair', title: t('columns.pair'), render: (f) => <strong>{pairOf(f)}</strong> },
    {
      key: 'side',
      title: t('columns.side'),
      render: (f) => <span className={`spot-side spot-side--${sideTone(f.side)}`}>{t(sideKey(f.side))}</span>,
    },
    {
      key: 'role',
      title: t('columns.role'),
      render: (f) => (
        <>
          {t(`role.${f.role}`)}
          {f.platformCounterparty ? <small className="spot-sub">{t('fills.platform')}</small> : null}
        </>
      ),
    },
    {
      key: 'price',
      title: t('columns.price'),
      align: 'right',
      render: (f) => <span className="spot-num">{fmt.price(f.price, precision(f).priceDecimals)}</span>,
    },
    {
      key: 'amount',
      title: t('columns.amount'),
      align: 'right',
      render: (f) => <span className="spot-num">{fmt.quantity(f.qty, precision(f).qtyDecimals)}</span>,
    },
    {
      key: 'total',
      title: t('columns.total'),
      align: 'right',
      render: (f) => <span className="spot-num">{fmt.amount(f.quoteQty, precision(f).quoteDecimals)}</span>,
    },
    {
      key: 'fee',
      title: t('columns.fee'),
      align: 'right',
      render: (f) => (
        <span className="spot-num">
          {fmt.amount(f.fee, 8)} {f.feeAsset}
        </span>
      ),
    },
  ];

  if (query.isError && rows.length === 0) {
    return (
      <Result
        status="warning"
        title={t('messages.loadFailed')}
        subTitle={isApiError(query.error) ? query.error.msg : undefined}
        data-testid="spot-trades-error"
        extra={<Button onClick={() => void query.refetch()}>{t('actions.retry')}</Button>}
      />
    );
  }
  const empty = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={t('empty.trades')}
      data-testid="spot-trades-empty"
    />
  );
  const total = query.data?.total ?? 0;

  if (phone) {
    const lines = columns.filter((c) => !['pair', 'side'].includes(c.key));
    return (
      <div className="spot-orders spot-orders--cards" data-testid="spot-trades">
        {query.isLoading ? <Skeleton active /> : null}
        {!query.isLoading && rows.length === 0 ? empty : null}
        {rows.map((f) => (
          <article key={f.tradeId} className="spot-card" data-testid={`spot-trade-${f.tradeId}`}>
            <header className="spot-card__head">
              <span className="spot-card__title">
                <span className={`spot-side spot-side--${sideTone(f.side)}`}>{t(sideKey(f.side))}</span>{' '}
                <strong>{pairOf(f)}</strong>
              </span>
            </header>
            <dl className="spot-card__lines">
              {lines.map((c) => (
                <div key={c.key} className="spot-card__line">
                  <dt>{c.title}</dt>
                  <dd>{c.render(f)}</dd>
                </div>
              ))}
            </dl>
          </article>
        ))}
        {total > pageSize ? (
          <Pagination
            simple
            align="center"
            current={current}
            pageSize={pageSize}
            total={total}
            onChange={setCurrent}
          />
        ) : null}
      </div>
    );
  }

  const tableColumns: TableColumnsType<SpotFill> = columns.map((c) => ({
    key: c.key,
    title: c.title,
    align: c.align,
    render: (_: unknown, f: SpotFill) => c.render(f),
  }));
  return (
    <div className="spot-orders" data-testid="spot-trades">
      <Table<SpotFill>
        rowKey="tradeId"
        size="small"
        loading={query.isLoading}
        dataSource={rows}
        columns={tableColumns}
        scroll={{ x: 900 }}
        locale={{ emptyText: empty }}
        onRow={(f) => ({ 'data-testid': `spot-trade-${f.tradeId}` }) as HTMLAttributes<HTMLElement>}
        pagination={{ current, pageSize, total, onChange: setCurrent, showSizeChanger: false }}
      />
    </div>
  );
}
