// The wallet's tables: an antd table on wide screens and, on phones, one card per row (the card's heading
// from the `title` column, then a label and value per line), so a record never needs sideways scrolling.
// Rows carry the same test id in both forms (`<rowTestId>-<key>`). Paging is the server's.
import { Empty, Pagination, Skeleton, Table, type TableColumnsType } from 'antd';
import type { HTMLAttributes, ReactNode } from 'react';
import { useIsPhone } from '@/lib/use-media-query';

export interface RecordColumn<T> {
  key: string;
  title: ReactNode;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right';
  /** On a phone card: the heading ('title'), left out ('hidden'), or a labelled line (default). */
  card?: 'title' | 'hidden' | 'line';
}

export interface RecordPaging {
  current: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
}

export function RecordTable<T>({
  rows,
  loading,
  columns,
  rowKey,
  rowTestId,
  paging,
  scrollX,
}: {
  rows: readonly T[];
  loading: boolean;
  columns: RecordColumn<T>[];
  rowKey: (row: T) => string;
  /** Row test ids are `${rowTestId}-${rowKey(row)}`. */
  rowTestId: string;
  paging?: RecordPaging;
  /** Width below which the wide table scrolls inside its card (never the page). */
  scrollX?: number;
}) {
  const phone = useIsPhone();
  if (phone) {
    const heading = columns.filter((c) => c.card === 'title');
    const lines = columns.filter((c) => c.card !== 'title' && c.card !== 'hidden');
    return (
      <div className="wallet-records">
        {loading && rows.length === 0 ? <Skeleton active /> : null}
        {!loading && rows.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> : null}
        {rows.map((row) => (
          <article key={rowKey(row)} className="wallet-record" data-testid={`${rowTestId}-${rowKey(row)}`}>
            {heading.length > 0 ? (
              <header className="wallet-record__head">
                {heading.map((c) => (
                  <span key={c.key} className="wallet-record__head-part">
                    {c.render(row)}
                  </span>
                ))}
              </header>
            ) : null}
            <dl className="wallet-record__lines">
              {lines.map((c) => (
                <div key={c.key} className="wallet-record__line">
                  <dt>{c.title}</dt>
                  <dd>{c.render(row)}</dd>
                </div>
              ))}
            </dl>
          </article>
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
  const tableColumns: TableColumnsType<T> = columns.map((c) => ({
    key: c.key,
    title: c.title,
    align: c.align,
    render: (_: unknown, row: T) => c.render(row),
  }));
  return (
    <Table<T>
      rowKey={rowKey}
      size="middle"
      loading={loading}
      dataSource={rows as T[]}
      onRow={(row) => ({ 'data-testid': `${rowTestId}-${rowKey(row)}` }) as HTMLAttributes<HTMLElement>}
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
      scroll={scrollX ? { x: scrollX } : undefined}
      columns={tableColumns}
    />
  );
}
