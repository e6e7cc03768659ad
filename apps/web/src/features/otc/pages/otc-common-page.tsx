// /otc/common: the ad market with buy and sell tabs, filters (coin, fiat, amount, payment method), best
// price first; taking an ad opens an order (the coins go into escrow) and its page.
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { App, Button, Input, Modal, Select, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { useSessionStore } from '@/lib/session-store';
import { createOrder, listAds, myPayments, type OtcAd, otcKeys } from '../api/otc-api';
import '../otc.css';

export const OTC_ASSETS = ['USDT', 'BTC', 'ETH'];
export const OTC_FIATS = ['CNY', 'USD', 'EUR', 'USDT'];

export function OtcCommonPage() {
  const { t } = useTranslation('otc');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const isLogin = useSessionStore((s) => s.isLogin);
  const [side, setSide] = useState<'buy' | 'sell'>('buy');
  const [asset, setAsset] = useState('USDT');
  const [fiat, setFiat] = useState<string | undefined>(undefined);
  const [amount, setAmount] = useState('');
  const [payKind, setPayKind] = useState<string | undefined>(undefined);
  const [taking, setTaking] = useState<OtcAd | null>(null);
  const [qty, setQty] = useState('');
  const [paymentId, setPaymentId] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const filters = {
    side,
    asset,
    ...(fiat ? { fiat } : {}),
    ...(/^\d+(\.\d{1,2})?$/.test(amount) ? { amount } : {}),
    ...(payKind ? { payKind } : {}),
  };
  const ads = useQuery({
    queryKey: otcKeys.ads(filters),
    queryFn: () => listAds(filters),
    refetchInterval: 15_000,
  });
  const payments = useQuery({
    queryKey: otcKeys.payments(),
    queryFn: myPayments,
    enabled: isLogin && side === 'sell',
  });

  const take = async () => {
    if (!taking) return;
    setBusy(true);
    try {
      const o = await createOrder({ adId: taking.id, amount: qty, ...(paymentId ? { paymentId } : {}) });
      message.success(t('done.created'));
      setTaking(null);
      void navigate({ to: '/otc/order', search: { orderCode: o.orderCode, serviceType: 'otc' } as never });
    } catch (e) {
      message.error(isApiError(e) ? e.message : t('failed'));
    } finally {
      setBusy(false);
    }
  };

  const total =
    taking?.price && /^\d+(\.\d+)?$/.test(qty) ? (Number(qty) * Number(taking.price)).toFixed(2) : '';
  return (
    <div className="otc-page" data-testid="otc-common">
      <div className="otc-page-head">
        <h1>{t('title')}</h1>
        <nav className="otc-links">
          <Link to="/otc/order">{t('nav.orders')}</Link>
          <Link to="/otc/ordinary">{t('nav.guide')}</Link>
          <Link to="/merchant/index">{t('nav.merchant')}</Link>
        </nav>
      </div>
      <Tabs
        activeKey={side}
        onChange={(k) => setSide(k as 'buy' | 'sell')}
        items={[
          { key: 'buy', label: <span data-testid="otc-tab-buy">{t('tab.buy')}</span> },
          { key: 'sell', label: <span data-testid="otc-tab-sell">{t('tab.sell')}</span> },
        ]}
      />
      <div className="otc-filters">
        <Select
          value={asset}
          onChange={setAsset}
          options={OTC_ASSETS.map((a) => ({ value: a, label: a }))}
          aria-label={t('field.asset')}
        />
        <Select
          allowClear
          placeholder={t('field.fiat')}
          value={fiat}
          onChange={setFiat}
          options={OTC_FIATS.map((a) => ({ value: a, label: a }))}
        />
        <Input
          placeholder={t('filter.amount')}
          value={amount}
          onChange={(e) => setAmount(e.target.value.replace(/[^\d.]/g, ''))}
        />
        <Select
          allowClear
          placeholder={t('field.payment')}
          value={payKind}
          onChange={setPayKind}
          options={['bank', 'ewallet'].map((k) => ({ value: k, label: t(`payKind.${k}`) }))}
        />
      </div>
      <Table
        rowKey="id"
        size="middle"
        scroll={{ x: 720 }}
        loading={ads.isLoading}
        dataSource={ads.data ?? []}
        pagination={false}
        locale={{ emptyText: t('market.empty') }}
        columns={[
          { title: t('field.merchant'), dataIndex: 'merchantName' },
          {
            title: t('field.price'),
            render: (_, a: OtcAd) => (
              <strong className="otc-price" data-testid="otc-ad-price">
                {a.price} {a.fiat}
              </strong>
            ),
          },
          { title: t('field.available'), render: (_, a: OtcAd) => `${a.remaining} ${a.asset}` },
          { title: t('field.limits'), render: (_, a: OtcAd) => `${a.minFiat} - ${a.maxFiat} ${a.fiat}` },
          {
            title: t('field.payment'),
            render: (_, a: OtcAd) => a.paymentKinds.map((k) => <Tag key={k}>{t(`payKind.${k}`)}</Tag>),
          },
          {
            title: '',
            render: (_, a: OtcAd) => (
              <Button
                type="primary"
                className={side === 'buy' ? 'otc-buy' : 'otc-sell'}
                data-testid="otc-take"
                onClick={() => {
                  if (!isLogin) return void navigate({ to: '/user/login' });
                  setQty('');
                  setTaking(a);
                }}
              >
                {t(side === 'buy' ? 'action.buy' : 'action.sell', { asset: a.asset })}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={taking !== null}
        title={taking ? t(side === 'buy' ? 'action.buy' : 'action.sell', { asset: taking.asset }) : ''}
        okText={t('action.confirm')}
        cancelText={t('action.close')}
        confirmLoading={busy}
        okButtonProps={{ 'data-testid': 'otc-take-confirm' } as never}
        onCancel={() => setTaking(null)}
        onOk={() => void take()}
      >
        {taking ? (
          <div className="otc-take">
            <p>
              {t('field.price')}:{' '}
              <strong>
                {taking.price} {taking.fiat}
              </strong>{' '}
              · {t('field.limits')}: {taking.minFiat} - {taking.maxFiat} {taking.fiat}
            </p>
            <Input
              data-testid="otc-take-amount"
              addonAfter={taking.asset}
              placeholder={t('field.amount')}
              value={qty}
              onChange={(e) => setQty(e.target.value.replace(/[^\d.]/g, ''))}
            />
            <p>
              {t('field.total')}:{' '}
              <strong>
                {total || '--'} {taking.fiat}
              </strong>
            </p>
            {side === 'sell' ? (
              <Select
                style={{ width: '100%' }}
                placeholder={t('field.receiveWith')}
                value={paymentId}
                onChange={setPaymentId}
                options={(payments.data ?? []).map((p) => ({
                  value: p.id,
                  label: `${t(`payKind.${p.kind}`)} ${p.bankName ?? p.provider ?? ''} ${p.account}`,
                }))}
              />
            ) : null}
            {taking.terms ? <p className="otc-terms">{taking.terms}</p> : null}
          </div>
        ) : null}
      </Modal>
    </div>
  );
}
