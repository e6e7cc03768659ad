// The spot order table (issue 11): one row per order (time, pair, type, side, price, amount, filled with
// average price, total, fee, state with the reason of a cancel, cancel for an open order), each row opening
// onto its fills. On a phone (or with `compact`) every order is a card instead, so nothing scrolls
// sideways at 375 px. Loading, empty and error states are part of it.
//
// `SpotOrdersTable` only shows what it is given; `SpotOrderList` fetches open orders or history itself,
// cancels, and stays live through ORDER pushes (useSpotOrderEvents).
// Test ids: `<testId>` on the frame, `<testId>-row-<id>` per order, `spot-order-status-<id>`,
// `spot-order-cancel-<id>`, `spot-order-cancel-confirm-<id>`, `spot-order-fills-toggle-<id>`,
// `spot-order-fills-<id>`, `<testId>-empty`, `<testId>-error`, `<testId>-retry`.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Empty,
  Pagination,
  Popconfirm,
  Result,
  Skeleton,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import { type HTMLAttributes, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { useFormatTime } from '@/lib/format-time';
import { toast } from '@/lib/toast';
import { useIsPhone } from '@/lib/use-media-query';
import { type NumberFormats, useNumberFormat } from '@/lib/use-number-format';
import { cancelOrder } from '../api/cancel-order';
import { type EntrustLogFilter, entrustLogQuery } from '../api/get-entrust-log';
import { orderFillsQuery } from '../api/get-order-fills';
import { openOrdersQuery } from '../api/get-order-list';
import { spotRulesQuery } from '../api/get-spot-rules';
import { spotKeys } from '../api/spot-keys';
import { useSpotOrderEvents } from '../hooks/use-spot-order-events';
import {
  formatOrderCells,
  isOpenOrder,
  type MarketPrecision,
  type OrderListMode,
  precisionOf,
  type SpotFill,
  type SpotOrder,
  sideKey,
  sideTone,
  spotStatusLabel,
  typeKey,
} from '../lib/spot-order';
import type { SpotRules } from '../lib/spot-rules';
import './spot-orders.css';

export interface SpotOrdersPaging {
  current: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
}

export interface SpotOrdersTableProps {
  mode: OrderListMode;
  orders: readonly SpotOrder[];
  loading?: boolean;
  /** A failed load: shown with a retry button instead of the rows. */
  error?: unknown;
  onRetry?: () => void;
  paging?: SpotOrdersPaging;
  /** Called after the user confirmed; the table shows the button busy until it settles. */
  onCancel?: (order: SpotOrder) => Promise<unknown>;
  /** Cards instead of a table whatever the width (narrow panels); on a phone always cards. */
  compact?: boolean;
  /** Leave out the pair column (a page about one market). */
  hidePair?: boolean;
  testId?: string;
}

/** The market rules by symbol, for display precision (public, cached). */
export function useSpotPrecision(): (
  order: Pick<SpotOrder, 'symbol' | 'price' | 'avgPrice' | 'quantity' | 'filledQty'>,
) => MarketPrecision {
  const rules = useQuery(spotRulesQuery());
  const bySymbol = useMemo(() => {
    const map = new Map<string, SpotRules>();
    for (const r of rules.data ?? []) map.set(r.symbol, r);
    return map;
  }, [rules.data]);
  return (order) => precisionOf(order, bySymbol.get(order.symbol));
}

function SideText({ order }: { order: Pick<SpotOrder, 'side'> }) {
  const { t } = useTranslation('spotOrders');
  return <span className={`spot-side spot-side--${sideTone(order.side)}`}>{t(sideKey(order.side))}</span>;
}

function StatusCell({ order }: { order: SpotOrder }) {
  const { t } = useTranslation('spotOrders');
  const label = spotStatusLabel(order);
  return (
    <span className="spot-status" data-testid={`spot-order-status-${order.id}`}>
      <Tag color={label.tone === 'default' ? undefined : label.tone} className="spot-status__tag">
        {t(label.key)}
      </Tag>
      {label.reasonKey ? <small className="spot-status__reason">{t(label.reasonKey)}</small> : null}
    </span>
  );
}

function CancelButton({
  order,
  onCancel,
}: {
  order: SpotOrder;
  onCancel: (order: SpotOrder) => Promise<unknown>;
}) {
  const { t } = useTranslation('spotOrders');
  const [busy, setBusy] = useState(false);
  return (
    <Popconfirm
      title={t('confirm.cancelTitle')}
      description={t('confirm.cancelText', { pair: order.pair })}
      okText={t('confirm.yes')}
      cancelText={t('confirm.no')}
      okButtonProps={{ ...{ 'data-testid': `spot-order-cancel-confirm-${order.id}` } }}
      onConfirm={() => {
        setBusy(true);
        return onCancel(order)
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
    >
      <Button size="small" danger loading={busy} data-testid={`spot-order-cancel-${order.id}`}>
        {t('actions.cancel')}
      </Button>
    </Popconfirm>
  );
}

/** The fills of one order, fetched when first shown. */
export function SpotOrderFills({ order }: { order: SpotOrder }) {
  const { t } = useTranslation('spotOrders');
  const fmt = useNumberFormat();
  const formatTime = useFormatTime();
  const precision = useSpotPrecision()(order);
  const fills = useQuery(orderFillsQuery(order.id));
  const rows = fills.data ?? [];
  return (
    <div className="spot-fills" data-testid={`spot-order-fills-${order.id}`}>
      {fills.isLoading ? <Skeleton active paragraph={{ rows: 1 }} /> : null}
      {fills.isError ? (
        <div className="spot-fills__empty">
          {t('messages.loadFailed')}{' '}
          <Button size="small" type="link" onClick={() => void fills.refetch()}>
            {t('actions.retry')}
          </Button>
        </div>
      ) : null}
      {fills.isSuccess && rows.length === 0 ? (
        <div className="spot-fills__empty">{t('empty.fills')}</div>
      ) : null}
      {rows.length > 0 ? (
        <table className="spot-fills__table">
          <thead>
            <tr>
              <th>{t('columns.time')}</th>
              <th>{t('columns.role')}</th>
              <th className="spot-num">{t('columns.price')}</th>
              <th className="spot-num">{t('columns.amount')}</th>
              <th className="spot-num">{t('columns.total')}</th>
              <th className="spot-num">{t('columns.fee')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((f: SpotFill) => (
              <tr key={f.tradeId} data-testid={`spot-fill-${f.tradeId}`}>
                <td data-label={t('columns.time')}>{formatTime(f.time)}</td>
                <td data-label={t('columns.role')}>
                  <span>
                    {t(`role.${f.role}`)}
                    {f.platformCounterparty ? (
                      <small className="spot-fills__platform"> · {t('fills.platform')}</small>
                    ) : null}
                  </span>
                </td>
                <td data-label={t('columns.price')} className="spot-num">
                  {fmt.price(f.price, precision.priceDecimals)}
                </td>
                <td data-label={t('columns.amount')} className="spot-num">
                  {fmt.quantity(f.qty, precision.qtyDecimals)}
                </td>
                <td data-label={t('columns.total')} className="spot-num">
                  {fmt.amount(f.quoteQty, precision.quoteDecimals)}
                </td>
                <td data-label={t('columns.fee')} className="spot-num">
                  {fmt.amount(f.fee, 8)} {f.feeAsset}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}

interface Column {
  key: string;
  title: ReactNode;
  align?: 'left' | 'right';
  render: (order: SpotOrder) => ReactNode;
}

function useColumns(
  mode: OrderListMode,
  fmt: NumberFormats,
  precisionOfOrder: (order: SpotOrder) => MarketPrecision,
  hidePair: boolean,
  onCancel: SpotOrdersTableProps['onCancel'],
): Column[] {
  const { t } = useTranslation('spotOrders');
  const formatTime = useFormatTime();
  const cells = (o: SpotOrder) => formatOrderCells(o, fmt, precisionOfOrder(o));
  const columns: (Column | false)[] = [
    {
      key: 'time',
      title: t('columns.time'),
      render: (o) => <span className="spot-time">{formatTime(o.createTime)}</span>,
    },
    !hidePair && { key: 'pair', title: t('columns.pair'), render: (o) => <strong>{o.pair}</strong> },
    { key: 'type', title: t('columns.type'), render: (o) => t(typeKey(o)) },
    { key: 'side', title: t('columns.side'), render: (o) => <SideText order={o} /> },
    {
      key: 'price',
      title: t('columns.price'),
      align: 'right',
      render: (o) => (
        <span className="spot-num">{o.type === 'market' ? t('type.market') : cells(o).price}</span>
      ),
    },
    {
      key: 'amount',
      title: t('columns.amount'),
      align: 'right',
      render: (o) => <span className="spot-num">{cells(o).quantity}</span>,
    },
    {
      key: 'filled',
      title: t('columns.filled'),
      align: 'right',
      render: (o) => {
        const c = cells(o);
        return (
          <span className="spot-num">
            {c.filledQty}
            <small className="spot-sub">{c.filledPercent}</small>
          </span>
        );
      },
    },
    {
      key: 'avgPrice',
      title: t('columns.avgPrice'),
      align: 'right',
      render: (o) => <span className="spot-num">{cells(o).avgPrice}</span>,
    },
    {
      key: 'total',
      title: t('columns.total'),
      align: 'right',
      render: (o) => (
        <span className="spot-num">
          {cells(o).value} <small className="spot-unit">{o.quote}</small>
        </span>
      ),
    },
    {
      key: 'fee',
      title: t('columns.fee'),
      align: 'right',
      render: (o) => <span className="spot-num">{cells(o).fee}</span>,
    },
    { key: 'status', title: t('columns.status'), render: (o) => <StatusCell order={o} /> },
    mode === 'open' &&
      onCancel !== undefined && {
        key: 'action',
        title: t('columns.action'),
        align: 'right',
        render: (o) => (isOpenOrder(o) ? <CancelButton order={o} onCancel={onCancel} /> : null),
      },
  ];
  return columns.filter((c): c is Column => c !== false);
}

function hasFills(order: SpotOrder): boolean {
  return /[1-9]/.test(order.filledQty);
}

function OrderCard({
  order,
  columns,
  testId,
  onCancel,
}: {
  order: SpotOrder;
  columns: Column[];
  testId: string;
  onCancel: SpotOrdersTableProps['onCancel'];
}) {
  const { t } = useTranslation('spotOrders');
  const [open, setOpen] = useState(false);
  const lines = columns.filter((c) => !['pair', 'side', 'type', 'status', 'action'].includes(c.key));
  return (
    <article className="spot-card" data-testid={`${testId}-row-${order.id}`}>
      <header className="spot-card__head">
        <span className="spot-card__title">
          <SideText order={order} /> <strong>{order.pair}</strong>{' '}
          <small className="spot-sub spot-sub--inline">{t(typeKey(order))}</small>
        </span>
        <StatusCell order={order} />
      </header>
      <dl className="spot-card__lines">
        {lines.map((c) => (
          <div key={c.key} className="spot-card__line">
            <dt>{c.title}</dt>
            <dd>{c.render(order)}</dd>
          </div>
        ))}
      </dl>
      {hasFills(order) || (onCancel && isOpenOrder(order)) ? (
        <footer className="spot-card__actions">
          {hasFills(order) ? (
            <Button
              size="small"
              type="link"
              onClick={() => setOpen((v) => !v)}
              data-testid={`spot-order-fills-toggle-${order.id}`}
            >
              {open ? t('actions.hideFills') : t('actions.showFills')}
            </Button>
          ) : (
            <span />
          )}
          {onCancel && isOpenOrder(order) ? <CancelButton order={order} onCancel={onCancel} /> : null}
        </footer>
      ) : null}
      {open ? <SpotOrderFills order={order} /> : null}
    </article>
  );
}

export function SpotOrdersTable({
  mode,
  orders,
  loading = false,
  error,
  onRetry,
  paging,
  onCancel,
  compact,
  hidePair = false,
  testId = 'spot-orders',
}: SpotOrdersTableProps) {
  const { t } = useTranslation('spotOrders');
  const phone = useIsPhone();
  const fmt = useNumberFormat();
  const precisionOfOrder = useSpotPrecision();
  const columns = useColumns(mode, fmt, precisionOfOrder, hidePair, onCancel);
  const emptyText = mode === 'open' ? t('empty.open') : t('empty.history');

  if (error && orders.length === 0) {
    return (
      <div className="spot-orders" data-testid={testId}>
        <Result
          status="warning"
          title={t('messages.loadFailed')}
          subTitle={isApiError(error) ? error.msg : undefined}
          data-testid={`${testId}-error`}
          extra={
            onRetry ? (
              <Button onClick={onRetry} data-testid={`${testId}-retry`}>
                {t('actions.retry')}
              </Button>
            ) : null
          }
        />
      </div>
    );
  }

  if (phone || compact) {
    return (
      <div className="spot-orders spot-orders--cards" data-testid={testId}>
        {loading && orders.length === 0 ? <Skeleton active /> : null}
        {!loading && orders.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={emptyText}
            data-testid={`${testId}-empty`}
          />
        ) : null}
        {orders.map((o) => (
          <OrderCard key={o.id} order={o} columns={columns} testId={testId} onCancel={onCancel} />
        ))}
        {paging && paging.total > paging.pageSize ? (
          <Pagination
            simple
            align="center"
            current={paging.current}
            pageSize={paging.pageSize}
            total={paging.total}
            onChange={paging.onChange}
          />
        ) : null}
      </div>
    );
  }

  const tableColumns: TableColumnsType<SpotOrder> = columns.map((c) => ({
    key: c.key,
    title: c.title,
    align: c.align,
    render: (_: unknown, o: SpotOrder) => c.render(o),
  }));
  return (
    <div className="spot-orders" data-testid={testId}>
      <Table<SpotOrder>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={orders as SpotOrder[]}
        columns={tableColumns}
        scroll={{ x: 1100 }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={emptyText}
              data-testid={`${testId}-empty`}
            />
          ),
        }}
        onRow={(o) => ({ 'data-testid': `${testId}-row-${o.id}` }) as HTMLAttributes<HTMLElement>}
        // Without any order that traded there is nothing to open, so no empty toggle column either.
        expandable={
          orders.some(hasFills)
            ? {
                rowExpandable: hasFills,
                expandedRowRender: (o) => <SpotOrderFills order={o} />,
                expandIcon: ({ expanded, onExpand, record, expandable }) =>
                  expandable ? (
                    <button
                      type="button"
                      className="spot-expand"
                      aria-expanded={expanded}
                      aria-label={expanded ? t('actions.hideFills') : t('actions.showFills')}
                      data-testid={`spot-order-fills-toggle-${record.id}`}
                      onClick={(e) => onExpand(record, e)}
                    >
                      {expanded ? '−' : '+'}
                    </button>
                  ) : null,
              }
            : undefined
        }
        pagination={
          paging
            ? {
                current: paging.current,
                pageSize: paging.pageSize,
                total: paging.total,
                onChange: paging.onChange,
                showSizeChanger: false,
              }
            : false
        }
      />
    </div>
  );
}

/** Cancels one order and refreshes the order lists; the error toast is the API client's. */
export function useCancelSpotOrder() {
  const { t } = useTranslation('spotOrders');
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (order: SpotOrder) => cancelOrder(order.id),
    onSuccess: () => toast.success(t('messages.cancelled')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: spotKeys.orders() }),
  });
  return (order: SpotOrder) => mutation.mutateAsync(order);
}

export interface SpotOrderListProps {
  mode: OrderListMode;
  /** History filters (pair, side, state, time); for the open list only `symbol` and `side` apply. */
  filter?: Omit<EntrustLogFilter, 'current' | 'size'>;
  pageSize?: number;
  compact?: boolean;
  hidePair?: boolean;
  testId?: string;
}

/** Open orders (from the core, no lag) or the order history, fetched, cancellable and live. */
export function SpotOrderList({
  mode,
  filter = {},
  pageSize = 10,
  compact,
  hidePair,
  testId,
}: SpotOrderListProps) {
  const [current, setCurrent] = useState(1);
  const filterKey = JSON.stringify(filter);
  const [lastFilterKey, setLastFilterKey] = useState(filterKey);
  if (lastFilterKey !== filterKey) {
    // A new filter starts again from the first page.
    setLastFilterKey(filterKey);
    setCurrent(1);
  }
  const openQuery = useQuery({
    ...openOrdersQuery({
      current,
      size: pageSize,
      ...(filter.symbol ? { symbol: filter.symbol } : {}),
      ...(filter.side ? { side: filter.side } : {}),
    }),
    enabled: mode === 'open',
  });
  const historyQuery = useQuery({
    ...entrustLogQuery({ ...filter, current, size: pageSize }),
    enabled: mode === 'history',
  });
  const query = mode === 'open' ? openQuery : historyQuery;
  useSpotOrderEvents();
  const cancel = useCancelSpotOrder();
  return (
    <SpotOrdersTable
      mode={mode}
      orders={query.data?.records ?? []}
      loading={query.isLoading}
      error={query.error}
      onRetry={() => void query.refetch()}
      paging={{ current, pageSize, total: query.data?.total ?? 0, onChange: setCurrent }}
      onCancel={mode === 'open' ? cancel : undefined}
      compact={compact}
      hidePair={hidePair}
      testId={testId ?? `spot-orders-${mode}`}
    />
  );
}
