// My orders (as a user or as the merchant), newest first; a row opens the order.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Segmented, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatTime } from '@/lib/format-time';
import { listOrders, otcKeys } from '../api/otc-api';

export function OrdersList({ side: role }: { side: 'user' | 'merchant' }) {
  const { t } = useTranslation('otc');
  const formatTime = useFormatTime();
  const [status, setStatus] = useState<'open' | 'all'>('open');
  const q = useQuery({
    queryKey: otcKeys.orders(role, status),
    queryFn: () => listOrders(role, status === 'open' ? 'open' : undefined),
    refetchInterval: 10_000,
  });
  const to = role === 'merchant' ? '/merchant/deal' : '/otc/order';
  return (
    <div className="otc-card" data-testid={`otc-orders-${role}`}>
      <Segmented
        value={status}
        onChange={(v) => setStatus(v as 'open' | 'all')}
        options={[
          { value: 'open', label: t('orders.open') },
          { value: 'all', label: t('orders.all') },
        ]}
      />
      <Table
        rowKey="orderCode"
        size="small"
        scroll={{ x: 640 }}
        loading={q.isLoading}
        dataSource={q.data?.records ?? []}
        pagination={false}
        locale={{ emptyText: t('orders.empty') }}
        columns={[
          {
            title: t('order.code'),
            dataIndex: 'orderCode',
            render: (code: string) => (
              <Link
                to={to}
                search={{ orderCode: code, serviceType: 'otc' } as never}
                data-testid="otc-order-link"
              >
                {code}
              </Link>
            ),
          },
          { title: t('field.side'), dataIndex: 'side', render: (s: string) => t(`side.${s}`) },
          { title: t('field.amount'), render: (_, o) => `${o.amount} ${o.asset}` },
          { title: t('field.total'), render: (_, o) => `${o.total} ${o.fiat}` },
          {
            title: t('field.status'),
            dataIndex: 'status',
            render: (s: string) => <Tag>{t(`status.${s}`)}</Tag>,
          },
          {
            title: t('field.time'),
            dataIndex: 'createTime',
            render: (v: string) => formatTime(v),
          },
        ]}
      />
    </div>
  );
}
