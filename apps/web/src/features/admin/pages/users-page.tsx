// Users with their balances per asset and account type (read from the money core). Contacts are masked
// by the server for roles other than admin.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Input, Table, Tag, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatTime } from '@/lib/format-time';
import { consoleKeys, listUsers } from '../api/console-api';
import type { ConsoleUser } from '../api/console-types';
import { balanceLines } from '../lib/console-rules';
import { serverPages } from '../lib/table-pages';

export function UsersPage() {
  const { t } = useTranslation('admin');
  const fmt = useFormatTime();
  const [keyword, setKeyword] = useState('');
  const [current, setCurrent] = useState(1);
  const query = useQuery({
    queryKey: consoleKeys.users(keyword, current),
    queryFn: () => listUsers(keyword, current),
    placeholderData: keepPreviousData,
  });
  return (
    <section>
      <div className="admin-page-head">
        <Typography.Title level={3}>{t('nav.users')}</Typography.Title>
        <Input.Search
          allowClear
          data-testid="users-search"
          placeholder={t('users.search')}
          className="admin-search"
          onSearch={(v) => {
            // The same search again means "refresh".
            if (v.trim() === keyword && current === 1) void query.refetch();
            setKeyword(v.trim());
            setCurrent(1);
          }}
        />
      </div>
      <Table<ConsoleUser>
        rowKey="id"
        loading={query.isLoading}
        dataSource={query.data?.records ?? []}
        scroll={{ x: 900 }}
        onRow={(r) => ({ 'data-testid': `user-row-${r.id}` }) as HTMLAttributes<HTMLElement>}
        pagination={serverPages(current, query.data?.total, setCurrent)}
        columns={[
          { title: t('cols.id'), dataIndex: 'id', width: 80 },
          { title: t('cols.account'), dataIndex: 'account' },
          {
            title: t('cols.contact'),
            render: (_, u) => (
              <span className="admin-stack">
                {u.email ? <span>{u.email}</span> : null}
                {u.phone ? <span>{u.phone}</span> : null}
                {!u.email && !u.phone ? '—' : null}
              </span>
            ),
          },
          {
            title: t('cols.status'),
            render: (_, u) => (
              <>
                <Tag color={u.status === 'active' ? 'green' : 'red'}>
                  {t(`users.status.${u.status === 'active' ? 'active' : 'disabled'}`)}
                </Tag>
                {u.isMerchant === 2 ? <Tag color="blue">{t('users.merchant')}</Tag> : null}
              </>
            ),
          },
          {
            title: t('cols.balances'),
            render: (_, u) => {
              if (u.balances === null) return <span className="admin-muted">{t('users.noCore')}</span>;
              const lines = balanceLines(u.balances);
              if (lines.length === 0) return <span className="admin-muted">{t('users.noBalance')}</span>;
              return (
                <span className="admin-stack" data-testid={`user-balances-${u.id}`}>
                  {lines.map((l) => (
                    <span
                      key={l.key}
                      className="admin-num"
                      data-testid={`balance-${u.id}-${l.asset}-${l.accountType}`}
                    >
                      {l.asset} · {t(`accountTypes.${l.accountType}`)}: {l.available}
                      {l.frozen !== '0' ? ` (${t('users.frozen')} ${l.frozen})` : ''}
                    </span>
                  ))}
                </span>
              );
            },
          },
          { title: t('cols.registered'), render: (_, u) => fmt(u.createTime) },
        ]}
      />
    </section>
  );
}
