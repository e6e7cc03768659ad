// /account/entrust/margin-all (cross) and /account/entrust/margin-fixed (isolated, per pair): the margin
// account's level gauge, totals and coins with debt and interest, leverage (isolated), transfer in/out,
// borrow (with what may be borrowed), repay (interest first), a limit order from the margin account, and
// the loan records. Refusals show the server's localized message next to the form (docs/margin.md).
// Test ids: margin-page, margin-pair, margin-level, margin-risk, margin-leverage-<n>, margin-coin-<COIN>,
// margin-transfer-*, margin-borrow-*, margin-repay-*, margin-order-*, margin-loans, margin-error.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Radio, Select, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { spotRulesQuery } from '@/features/spot/api/get-spot-rules';
import { ApiError } from '@/lib/api-client';
import { useFormatTime } from '@/lib/format-time';
import { useSessionStore } from '@/lib/session-store';
import { toast } from '@/lib/toast';
import {
  borrow,
  canBorrowQuery,
  loansQuery,
  type MarginMode,
  marginKeys,
  ordersQuery,
  placeOrder,
  propertyQuery,
  repay,
  setLeverage,
  transfer,
} from '../api/margin-api';
import { MarginGauge } from '../components/margin-gauge';
import '../margin.css';

function errorText(err: unknown, fallback: string): string {
  return err instanceof ApiError ? err.msg : fallback;
}

export function MarginPage({ mode }: { mode: MarginMode }) {
  const { t } = useTranslation('margin');
  const formatTime = useFormatTime();
  const signedIn = useSessionStore((s) => s.userInfo !== null && s.userInfo !== undefined);
  const rules = useQuery(spotRulesQuery());
  const pairs = (rules.data ?? []).filter((r) => r.quote === 'USDT');
  const [symbol, setSymbol] = useState('BTC_USDT');
  const [coin, setCoin] = useState('USDT');
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const property = useQuery({ ...propertyQuery(mode, symbol), enabled: signedIn });
  const loans = useQuery({ ...loansQuery(mode, symbol), enabled: signedIn });
  const orders = useQuery({ ...ordersQuery(mode, symbol), enabled: signedIn });
  const can = useQuery({ ...canBorrowQuery(mode, symbol, coin), enabled: signedIn });
  const [amounts, setAmounts] = useState({ transfer: '', borrow: '', repay: '', price: '', qty: '' });
  // The value is read in the handler, not in the updater: an updater runs later, when the controlled
  // input may already show the old state again.
  const set = (k: keyof typeof amounts) => (e: { target: { value: string } }) => {
    const value = e.target.value;
    setAmounts((a) => ({ ...a, [k]: value }));
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: marginKeys.all });
  const act = useMutation({
    mutationFn: (run: () => Promise<unknown>) => run(),
    onSuccess: () => {
      setError(null);
      toast.success(t('messages.done'));
    },
    onError: (err) => setError(errorText(err, t('messages.failed'))),
    onSettled: () => void refresh(),
  });

  if (!signedIn) {
    return (
      <div className="margin-page" data-testid="margin-page">
        <p>{t('signIn')}</p>
      </div>
    );
  }
  const p = property.data;
  const coins = p?.coins ?? [];
  const coinOptions = (coins.length > 0 ? coins.map((c) => c.coin) : ['USDT']).map((c) => ({
    value: c,
    label: c,
  }));

  return (
    <div className="margin-page" data-testid="margin-page">
      <header className="margin-page__head">
        <h2>{mode === 'all' ? t('title.cross') : t('title.isolated')}</h2>
        <Select
          data-testid="margin-pair"
          value={symbol}
          onChange={setSymbol}
          options={(pairs.length > 0 ? pairs.map((r) => r.pair) : ['BTC_USDT']).map((v) => ({
            value: v,
            label: v,
          }))}
          style={{ minWidth: 140 }}
          aria-label={t('pair')}
        />
      </header>

      <section className="margin-page__summary">
        <MarginGauge property={p} />
        <dl className="margin-totals">
          <dt>{t('totals.assets')}</dt>
          <dd data-testid="margin-total-assets">{p?.totalAssetUsdt ?? '0'} USDT</dd>
          <dt>{t('totals.debt')}</dt>
          <dd data-testid="margin-total-debt">{p?.totalDebtUsdt ?? '0'} USDT</dd>
          <dt>{t('totals.net')}</dt>
          <dd>{p?.netAssetUsdt ?? '0'} USDT</dd>
        </dl>
        {mode === 'fixed' ? (
          <div className="margin-leverage">
            <span>{t('leverage')}</span>
            <Radio.Group
              value={p?.leverage}
              onChange={(e) => act.mutate(() => setLeverage(symbol, Number(e.target.value)))}
            >
              {(p?.leverages ?? [3, 5, 10]).map((l) => (
                <Radio.Button key={l} value={l}>
                  <span data-testid={`margin-leverage-${l}`}>{l}x</span>
                </Radio.Button>
              ))}
            </Radio.Group>
          </div>
        ) : (
          <div className="margin-leverage">
            {t('leverage')}: {p?.leverage ?? 3}x
          </div>
        )}
      </section>

      <Table
        size="small"
        rowKey="coin"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={coins}
        onRow={(c) => ({ 'data-testid': `margin-coin-${c.coin}` }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: t('cols.coin'), dataIndex: 'coin' },
          { title: t('cols.available'), dataIndex: 'available' },
          { title: t('cols.frozen'), dataIndex: 'frozen' },
          { title: t('cols.borrowed'), dataIndex: 'borrowed' },
          { title: t('cols.interest'), dataIndex: 'interest' },
          { title: t('cols.net'), dataIndex: 'net' },
        ]}
      />

      <section className="margin-forms">
        <div className="margin-forms__coin">
          <span>{t('coin')}</span>
          <Select
            data-testid="margin-coin"
            aria-label={t('coin')}
            value={coin}
            onChange={setCoin}
            options={coinOptions}
            style={{ minWidth: 100 }}
          />
        </div>
        <div className="margin-form">
          <h3>{t('transfer.title')}</h3>
          <Input
            data-testid="margin-transfer-amount"
            value={amounts.transfer}
            onChange={set('transfer')}
            placeholder={t('amount')}
          />
          <Button
            data-testid="margin-transfer-in"
            onClick={() => act.mutate(() => transfer(mode, symbol, coin, amounts.transfer.trim(), 'in'))}
          >
            {t('transfer.in')}
          </Button>
          <Button
            data-testid="margin-transfer-out"
            onClick={() => act.mutate(() => transfer(mode, symbol, coin, amounts.transfer.trim(), 'out'))}
          >
            {t('transfer.out')}
          </Button>
        </div>
        <div className="margin-form">
          <h3>{t('borrow.title')}</h3>
          <small data-testid="margin-can-borrow">
            {t('borrow.max', { amount: can.data?.canBorrow ?? '0', coin })} ·{' '}
            {t('borrow.rate', { rate: can.data?.hourlyRate ?? '0' })}
          </small>
          <Input
            data-testid="margin-borrow-amount"
            value={amounts.borrow}
            onChange={set('borrow')}
            placeholder={t('amount')}
          />
          <Button
            type="primary"
            data-testid="margin-borrow-submit"
            onClick={() => act.mutate(() => borrow(mode, symbol, coin, amounts.borrow.trim()))}
          >
            {t('borrow.submit')}
          </Button>
        </div>
        <div className="margin-form">
          <h3>{t('repay.title')}</h3>
          <small>{t('repay.hint')}</small>
          <Input
            data-testid="margin-repay-amount"
            value={amounts.repay}
            onChange={set('repay')}
            placeholder={t('amount')}
          />
          <Button
            data-testid="margin-repay-submit"
            onClick={() => act.mutate(() => repay(mode, symbol, coin, amounts.repay.trim()))}
          >
            {t('repay.submit')}
          </Button>
        </div>
        <div className="margin-form">
          <h3>{t('order.title', { pair: symbol })}</h3>
          <Input
            data-testid="margin-order-price"
            value={amounts.price}
            onChange={set('price')}
            placeholder={t('order.price')}
          />
          <Input
            data-testid="margin-order-qty"
            value={amounts.qty}
            onChange={set('qty')}
            placeholder={t('order.quantity')}
          />
          <Button
            className="margin-buy"
            data-testid="margin-order-buy"
            onClick={() =>
              act.mutate(() =>
                placeOrder(mode, symbol, {
                  side: 'buy',
                  price: amounts.price.trim(),
                  quantity: amounts.qty.trim(),
                }),
              )
            }
          >
            {t('order.buy')}
          </Button>
          <Button
            danger
            data-testid="margin-order-sell"
            onClick={() =>
              act.mutate(() =>
                placeOrder(mode, symbol, {
                  side: 'sell',
                  price: amounts.price.trim(),
                  quantity: amounts.qty.trim(),
                }),
              )
            }
          >
            {t('order.sell')}
          </Button>
        </div>
        {error ? (
          <p className="margin-error" role="alert" data-testid="margin-error">
            {error}
          </p>
        ) : null}
      </section>

      <h3>{t('loans.title')}</h3>
      <Table
        data-testid="margin-loans"
        size="small"
        rowKey="loanId"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={loans.data?.records ?? []}
        locale={{ emptyText: t('loans.empty') }}
        columns={[
          { title: t('cols.coin'), dataIndex: 'coin' },
          { title: t('loans.amount'), dataIndex: 'amount' },
          { title: t('loans.principal'), dataIndex: 'principal' },
          { title: t('cols.interest'), dataIndex: 'interest' },
          { title: t('loans.rate'), dataIndex: 'hourlyRate' },
          {
            title: t('loans.status'),
            dataIndex: 'status',
            render: (s: string) => t(`loans.statuses.${s === 'repaid' || s === 'liquidated' ? s : 'open'}`),
          },
          {
            title: t('loans.time'),
            dataIndex: 'createdAt',
            render: (v: string) => (v ? formatTime(v) : ''),
          },
        ]}
      />
      <h3>{t('orders.title')}</h3>
      <Table
        data-testid="margin-orders"
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={orders.data ?? []}
        locale={{ emptyText: t('orders.empty') }}
        columns={[
          { title: t('pair'), dataIndex: 'pair' },
          {
            title: t('orders.side'),
            dataIndex: 'side',
            render: (v: string) => t(v === 'sell' ? 'order.sell' : 'order.buy'),
          },
          { title: t('order.price'), dataIndex: 'price' },
          { title: t('order.quantity'), dataIndex: 'quantity' },
          { title: t('orders.filled'), dataIndex: 'filledQty' },
          {
            title: t('loans.status'),
            dataIndex: 'status',
            render: (v: number) =>
              t(`orders.statuses.${v === 1 ? 'filled' : v === 2 ? 'cancelled' : 'open'}`),
          },
          {
            title: t('loans.time'),
            dataIndex: 'createTime',
            render: (v: string) => (v ? formatTime(v) : ''),
          },
        ]}
      />
    </div>
  );
}
