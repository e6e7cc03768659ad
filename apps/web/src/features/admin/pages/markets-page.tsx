// Coins and markets (docs/market.md "Operator routes"): list, add a coin (its USDT market comes with
// it), enable or disable. There is no control over prices here, by design.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, InputNumber, Switch, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import {
  addCoin,
  consoleKeys,
  listCoins,
  listMarkets,
  type NewCoinInput,
  setCoinEnabled,
  setMarketEnabled,
} from '../api/console-api';
import type { AdminCoin, AdminMarket } from '../api/console-types';

export function MarketsPage() {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<NewCoinInput>();
  const coins = useQuery({ queryKey: consoleKeys.coins, queryFn: listCoins });
  const markets = useQuery({ queryKey: consoleKeys.markets, queryFn: listMarkets });
  const refresh = () => void qc.invalidateQueries({ queryKey: ['admin', 'market'] });
  const toggleCoin = useMutation({
    mutationFn: ({ coin, enabled }: { coin: string; enabled: boolean }) => setCoinEnabled(coin, enabled),
    onSettled: refresh,
  });
  const toggleMarket = useMutation({
    mutationFn: ({ symbol, enabled }: { symbol: string; enabled: boolean }) =>
      setMarketEnabled(symbol, enabled),
    onSettled: refresh,
  });
  const add = useMutation({
    mutationFn: (v: NewCoinInput) => addCoin(v, { silent: true }),
    onSuccess: () => {
      message.success(t('markets.added'));
      form.resetFields();
      refresh();
    },
    onError: (e) => {
      if (isApiError(e)) {
        const fields = e.errors.length > 0 ? e.errors : [{ field: 'coin', message: e.msg }];
        form.setFields(fields.map((fe) => ({ name: fe.field as keyof NewCoinInput, errors: [fe.message] })));
      }
    },
  });

  return (
    <section>
      <div className="admin-page-head">
        <Typography.Title level={3}>{t('nav.markets')}</Typography.Title>
      </div>
      <p className="admin-muted">{t('markets.noPriceControl')}</p>
      <Card title={t('markets.addCoin')} className="admin-gap">
        <Form<NewCoinInput>
          form={form}
          layout="inline"
          className="admin-inline-form"
          initialValues={{ priceDecimals: 4, qtyDecimals: 2 }}
          onFinish={(v) =>
            add.mutate({ ...v, coin: v.coin.trim().toLowerCase(), initialPrice: v.initialPrice.trim() })
          }
        >
          <Form.Item
            name="coin"
            label={t('markets.coin')}
            rules={[{ required: true, pattern: /^\s*[A-Za-z0-9]{1,20}\s*$/, message: t('form.coin') }]}
          >
            <Input data-testid="coin-code" className="admin-w-xs" maxLength={20} />
          </Form.Item>
          <Form.Item
            name="name"
            label={t('markets.name')}
            rules={[{ required: true, whitespace: true, message: t('form.required') }]}
          >
            <Input data-testid="coin-name" className="admin-w-sm" maxLength={60} />
          </Form.Item>
          <Form.Item name="priceDecimals" label={t('markets.priceDecimals')}>
            <InputNumber min={0} max={18} precision={0} className="admin-w-xs" />
          </Form.Item>
          <Form.Item name="qtyDecimals" label={t('markets.qtyDecimals')}>
            <InputNumber min={0} max={18} precision={0} className="admin-w-xs" />
          </Form.Item>
          <Form.Item
            name="initialPrice"
            label={t('markets.initialPrice')}
            tooltip={t('markets.initialPriceHint')}
            rules={[{ required: true, pattern: /^\s*\d+(\.\d+)?\s*$/, message: t('form.amount.decimal') }]}
          >
            <Input data-testid="coin-price" className="admin-w-sm" inputMode="decimal" />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={add.isPending} data-testid="coin-submit">
              {t('markets.add')}
            </Button>
          </Form.Item>
        </Form>
      </Card>
      <Typography.Title level={4}>{t('markets.coins')}</Typography.Title>
      <Table<AdminCoin>
        rowKey="coin"
        size="small"
        loading={coins.isLoading}
        dataSource={coins.data ?? []}
        pagination={false}
        className="admin-gap"
        columns={[
          { title: t('markets.coin'), render: (_, c) => <strong>{c.coin.toUpperCase()}</strong> },
          { title: t('markets.name'), dataIndex: 'name' },
          {
            title: t('markets.price'),
            align: 'right',
            render: (_, c) => <span className="admin-num">{c.price ?? '—'}</span>,
          },
          { title: t('markets.plate'), render: (_, c) => c.plate ?? '—' },
          {
            title: t('markets.enabled'),
            render: (_, c) => (
              <Switch
                checked={c.enabled}
                data-testid={`coin-toggle-${c.coin}`}
                loading={toggleCoin.isPending && toggleCoin.variables?.coin === c.coin}
                onChange={(enabled) => toggleCoin.mutate({ coin: c.coin, enabled })}
              />
            ),
          },
        ]}
      />
      <Typography.Title level={4}>{t('markets.markets')}</Typography.Title>
      <Table<AdminMarket>
        rowKey="symbol"
        size="small"
        loading={markets.isLoading}
        dataSource={markets.data ?? []}
        pagination={false}
        columns={[
          { title: t('markets.symbol'), dataIndex: 'showSymbol' },
          {
            title: t('markets.products'),
            render: (_, m) => (
              <>
                {m.spot ? <Tag>{t('markets.spot')}</Tag> : null}
                {m.contract ? <Tag>{t('markets.contract')}</Tag> : null}
                {m.seconds ? <Tag>{t('markets.seconds')}</Tag> : null}
              </>
            ),
          },
          { title: t('markets.decimals'), render: (_, m) => `${m.priceDecimals} / ${m.qtyDecimals}` },
          {
            title: t('markets.enabled'),
            render: (_, m) => (
              <>
                <Switch
                  checked={m.enabled}
                  data-testid={`market-toggle-${m.symbol}`}
                  loading={toggleMarket.isPending && toggleMarket.variables?.symbol === m.symbol}
                  onChange={(enabled) => toggleMarket.mutate({ symbol: m.symbol, enabled })}
                />
                {m.coinEnabled ? null : <Tag className="admin-tag-gap">{t('markets.coinOff')}</Tag>}
              </>
            ),
          },
        ]}
      />
    </section>
  );
}
