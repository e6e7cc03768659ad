// A user's pledge, finance or DeFi orders (spec section 3: begin and end time, amount, estimated
// revenue, payment date; section 4: in progress, completed, redeemed) with the redeem action.
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatTime } from '@/lib/format-time';
import { useNumberFormat } from '@/lib/use-number-format';
import { ordersQuery } from '../api/orders-api';
import type { EarnOrder } from '../lib/earn-types';
import { OrderStatusTag } from './earn-ui';
import { RedeemDialog } from './redeem-dialog';

export function OrderList({ kind }: { kind: 'pledge' | 'finance' | 'defi' }) {
  const { t } = useTranslation('earn');
  const n = useNumberFormat();
  const time = useFormatTime();
  const [page, setPage] = useState(1);
  const [redeeming, setRedeeming] = useState<EarnOrder | undefined>();
  const orders = useQuery(ordersQuery(kind, page));
  const amount = (v: string | null, coin: string) => (v === null ? '--' : `${n.amount(v, 8)} ${coin}`);
  return (
    <>
      <Table<EarnOrder>
        rowKey="id"
        size="middle"
        loading={orders.isLoading}
        dataSource={orders.data?.records ?? []}
        scroll={{ x: 900 }}
        locale={{ emptyText: <Empty description={t('order.none')} /> }}
        onRow={(o) => ({ 'data-testid': `order-row-${o.id}` }) as object}
        pagination={{
          current: page,
          pageSize: 10,
          total: orders.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
          hideOnSinglePage: true,
        }}
        columns={[
          { title: t('order.product'), render: (_, o) => o.productName ?? o.productId },
          {
            title: t('order.amount'),
            align: 'right',
            render: (_, o) => <span data-testid={`order-amount-${o.id}`}>{amount(o.amount, o.coin)}</span>,
          },
          { title: t('order.begin'), render: (_, o) => time(o.beginTime) },
          { title: t('order.end'), render: (_, o) => time(o.endTime) },
          {
            title: t('order.revenue'),
            align: 'right',
            render: (_, o) => (
              <span data-testid={`order-revenue-${o.id}`}>{amount(o.estimatedRevenue, o.coin)}</span>
            ),
          },
          {
            title: t('order.paid'),
            align: 'right',
            render: (_, o) => <span data-testid={`order-paid-${o.id}`}>{amount(o.paid, o.coin)}</span>,
          },
          {
            title: t('order.paymentDate'),
            render: (_, o) => (o.paymentDate === 'daily' ? t('order.daily') : time(o.paymentDate)),
          },
          {
            title: t('order.status'),
            render: (_, o) => <OrderStatusTag status={o.status} testId={`order-status-${o.id}`} />,
          },
          {
            title: '',
            render: (_, o) =>
              o.status === 'active' ? (
                <Button size="small" onClick={() => setRedeeming(o)} data-testid={`order-redeem-${o.id}`}>
                  {t('order.redeem')}
                </Button>
              ) : null,
          },
        ]}
      />
      {redeeming ? <RedeemDialog order={redeeming} onClose={() => setRedeeming(undefined)} /> : null}
    </>
  );
}
