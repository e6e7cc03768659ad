// /merchant/index (apply, statistics, post and manage ads) and /merchant/deal (merchant orders, one order).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { App, Button, Form, Input, InputNumber, Result, Select, Statistic, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import {
  applyMerchant,
  merchantInfo,
  myAds,
  myPayments,
  type OtcAd,
  otcKeys,
  saveAd,
  setAdStatus,
} from '../api/otc-api';
import { OrderDetail } from '../components/order-detail';
import { OrdersList } from '../components/orders-list';
import { OTC_ASSETS, OTC_FIATS } from './otc-common-page';
import '../otc.css';

function MerchantNav() {
  const { t } = useTranslation('otc');
  return (
    <nav className="otc-links">
      <Link to="/merchant/index">{t('merchant.ads')}</Link>
      <Link to="/merchant/deal">{t('merchant.orders')}</Link>
      <Link to="/otc/common">{t('nav.market')}</Link>
    </nav>
  );
}

function ApplyForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('otc');
  const { message } = App.useApp();
  const [nickname, setNickname] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <div className="otc-card" data-testid="merchant-apply">
      <h2>{t('merchant.applyTitle')}</h2>
      <p>{t('merchant.applyText')}</p>
      <Input
        value={nickname}
        maxLength={32}
        onChange={(e) => setNickname(e.target.value)}
        placeholder={t('merchant.nickname')}
      />
      <Button
        type="primary"
        loading={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await applyMerchant(nickname);
            message.success(t('done.applied'));
            onDone();
          } catch (e) {
            message.error(isApiError(e) ? e.message : t('failed'));
          } finally {
            setBusy(false);
          }
        }}
      >
        {t('merchant.apply')}
      </Button>
    </div>
  );
}

interface AdForm {
  side: 'buy' | 'sell';
  asset: string;
  fiat: string;
  priceType: 'fixed' | 'margin';
  price?: string;
  margin?: string;
  amount: string;
  minFiat: string;
  maxFiat: string;
  paymentIds: string[];
  timeLimitMin: number;
  terms: string;
}

function PostAd({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('otc');
  const { message } = App.useApp();
  const [form] = Form.useForm<AdForm>();
  const payments = useQuery({ queryKey: otcKeys.payments(), queryFn: myPayments });
  const priceType = Form.useWatch('priceType', form);
  const [busy, setBusy] = useState(false);
  const submit = async (v: AdForm) => {
    setBusy(true);
    try {
      const body = {
        ...v,
        price: v.priceType === 'fixed' ? String(v.price) : undefined,
        margin: v.priceType === 'margin' ? String(v.margin) : undefined,
        amount: String(v.amount),
        minFiat: String(v.minFiat),
        maxFiat: String(v.maxFiat),
      };
      await saveAd(body);
      message.success(t('done.adSaved'));
      form.resetFields();
      onDone();
    } catch (e) {
      message.error(isApiError(e) ? e.message : t('failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="otc-card" data-testid="merchant-post-ad">
      <h2>{t('merchant.postAd')}</h2>
      <Form
        form={form}
        layout="vertical"
        className="otc-ad-form"
        initialValues={{
          side: 'sell',
          asset: 'USDT',
          fiat: 'CNY',
          priceType: 'fixed',
          timeLimitMin: 15,
          paymentIds: [],
          terms: '',
        }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item name="side" label={t('field.side')}>
          <Select
            options={[
              { value: 'sell', label: t('side.merchantSell') },
              { value: 'buy', label: t('side.merchantBuy') },
            ]}
          />
        </Form.Item>
        <Form.Item name="asset" label={t('field.asset')}>
          <Select options={OTC_ASSETS.map((a) => ({ value: a, label: a }))} />
        </Form.Item>
        <Form.Item name="fiat" label={t('field.fiat')}>
          <Select options={OTC_FIATS.map((a) => ({ value: a, label: a }))} />
        </Form.Item>
        <Form.Item name="priceType" label={t('field.priceType')}>
          <Select
            options={[
              { value: 'fixed', label: t('priceType.fixed') },
              { value: 'margin', label: t('priceType.margin') },
            ]}
          />
        </Form.Item>
        {priceType === 'margin' ? (
          <Form.Item
            name="margin"
            label={t('field.margin')}
            rules={[{ required: true, message: t('required') }]}
          >
            <InputNumber stringMode min="-50" max="50" step="0.1" style={{ width: '100%' }} />
          </Form.Item>
        ) : (
          <Form.Item
            name="price"
            label={t('field.price')}
            rules={[{ required: true, message: t('required') }]}
          >
            <InputNumber stringMode min="0.01" step="0.01" style={{ width: '100%' }} data-testid="ad-price" />
          </Form.Item>
        )}
        <Form.Item
          name="amount"
          label={t('field.totalAmount')}
          rules={[{ required: true, message: t('required') }]}
        >
          <InputNumber stringMode min="0" style={{ width: '100%' }} data-testid="ad-amount" />
        </Form.Item>
        <Form.Item
          name="minFiat"
          label={t('field.minFiat')}
          rules={[{ required: true, message: t('required') }]}
        >
          <InputNumber stringMode min="0.01" style={{ width: '100%' }} data-testid="ad-min" />
        </Form.Item>
        <Form.Item
          name="maxFiat"
          label={t('field.maxFiat')}
          rules={[{ required: true, message: t('required') }]}
        >
          <InputNumber stringMode min="0.01" style={{ width: '100%' }} data-testid="ad-max" />
        </Form.Item>
        <Form.Item name="paymentIds" label={t('field.payment')}>
          <Select
            mode="multiple"
            data-testid="ad-payments"
            options={(payments.data ?? []).map((p) => ({
              value: p.id,
              label: `${t(`payKind.${p.kind}`)} ${p.bankName ?? p.provider ?? ''} ${p.account}`,
            }))}
          />
        </Form.Item>
        <Form.Item name="timeLimitMin" label={t('field.timeLimit')}>
          <Select options={[15, 30, 45, 60].map((m) => ({ value: m, label: t('minutes', { n: m }) }))} />
        </Form.Item>
        <Form.Item name="terms" label={t('field.terms')} className="otc-ad-terms">
          <Input.TextArea maxLength={1000} rows={2} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="ad-submit">
          {t('merchant.publish')}
        </Button>
      </Form>
    </div>
  );
}

function MyAds() {
  const { t } = useTranslation('otc');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: otcKeys.myAds(), queryFn: myAds });
  const set = async (id: string, status: 'online' | 'paused' | 'closed') => {
    try {
      await setAdStatus(id, status);
      await qc.invalidateQueries({ queryKey: otcKeys.all });
    } catch (e) {
      message.error(isApiError(e) ? e.message : t('failed'));
    }
  };
  return (
    <div className="otc-card" data-testid="merchant-ads">
      <h2>{t('merchant.ads')}</h2>
      <Table
        rowKey="id"
        size="small"
        scroll={{ x: 640 }}
        dataSource={q.data ?? []}
        pagination={false}
        locale={{ emptyText: t('merchant.noAds') }}
        columns={[
          {
            title: t('field.side'),
            render: (_, a: OtcAd) => t(a.side === 'sell' ? 'side.merchantSell' : 'side.merchantBuy'),
          },
          { title: t('field.price'), render: (_, a: OtcAd) => `${a.price ?? '--'} ${a.fiat}` },
          { title: t('field.available'), render: (_, a: OtcAd) => `${a.remaining} ${a.asset}` },
          { title: t('field.status'), render: (_, a: OtcAd) => <Tag>{t(`adStatus.${a.status}`)}</Tag> },
          {
            title: '',
            render: (_, a: OtcAd) => (
              <span className="otc-row-actions">
                {a.status === 'online' ? (
                  <Button size="small" onClick={() => void set(a.id, 'paused')}>
                    {t('action.pause')}
                  </Button>
                ) : (
                  <Button size="small" onClick={() => void set(a.id, 'online')}>
                    {t('action.resume')}
                  </Button>
                )}
                <Button size="small" danger onClick={() => void set(a.id, 'closed')}>
                  {t('action.closeAd')}
                </Button>
              </span>
            ),
          },
        ]}
      />
    </div>
  );
}

export function MerchantIndexPage() {
  const { t } = useTranslation('otc');
  const qc = useQueryClient();
  const info = useQuery({ queryKey: otcKeys.merchant(), queryFn: merchantInfo });
  const refresh = () => void qc.invalidateQueries({ queryKey: otcKeys.all });
  const m = info.data?.merchant;
  return (
    <div className="otc-page" data-testid="merchant-index">
      <div className="otc-page-head">
        <h1>{t('merchant.title')}</h1>
        <MerchantNav />
      </div>
      {info.isLoading ? null : !m || m.status === 'rejected' ? (
        <>
          {m?.status === 'rejected' ? (
            <Result status="warning" title={t('merchant.rejected')} subTitle={m.rejectReason ?? ''} />
          ) : null}
          <ApplyForm onDone={refresh} />
        </>
      ) : m.status === 'pending' ? (
        <Result status="info" title={t('merchant.pending')} data-testid="merchant-pending" />
      ) : (
        <>
          <div className="otc-card otc-stats">
            <Statistic title={t('stats.orders')} value={info.data?.stats?.orders ?? 0} />
            <Statistic title={t('stats.open')} value={info.data?.stats?.open ?? 0} />
            <Statistic title={t('stats.released')} value={info.data?.stats?.released ?? 0} />
            <Statistic title={t('stats.rate')} value={`${info.data?.stats?.completionRate ?? '0'} %`} />
          </div>
          <PostAd onDone={refresh} />
          <MyAds />
        </>
      )}
    </div>
  );
}

export function MerchantDealPage() {
  const { t } = useTranslation('otc');
  const search = useSearch({ strict: false }) as { orderCode?: string };
  return (
    <div className="otc-page" data-testid="merchant-deal">
      <div className="otc-page-head">
        <h1>{t('merchant.orders')}</h1>
        <MerchantNav />
      </div>
      {search.orderCode ? (
        <OrderDetail key={search.orderCode} orderCode={search.orderCode} />
      ) : (
        <OrdersList side="merchant" />
      )}
    </div>
  );
}
