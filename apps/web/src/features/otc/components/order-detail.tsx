// One order for its buyer or seller: state, countdown, amounts, the seller's payment details (buyer),
// the actions each side may take (mark paid, release, cancel, appeal) and the order chat. Refreshes on
// the live OTC message of this order.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Input, Modal, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadChatImage } from '@/features/support/api/support-api';
import { isApiError } from '@/lib/api-client';
import { onPrivateEvent } from '@/lib/private-ws';
import { appealOrder, getOrder, orderAction, otcKeys } from '../api/otc-api';
import { mmss, type OtcLiveMessage, secondsLeft } from '../lib/otc-live';
import { OrderChat } from './order-chat';

const STATUS_COLOR: Record<string, string> = {
  waiting: 'gold',
  paid: 'blue',
  appeal: 'red',
  released: 'green',
  cancelled: 'default',
};

export function OrderDetail({ orderCode }: { orderCode: string }) {
  const { t } = useTranslation('otc');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: otcKeys.order(orderCode), queryFn: () => getOrder(orderCode) });
  const [now, setNow] = useState(Date.now());
  const [appealOpen, setAppealOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  /** The buyer's optional payment proof: an image sent with "I have paid" (it lands in the order chat). */
  const [proof, setProof] = useState<File | null>(null);
  const proofInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    const off = onPrivateEvent('OTC', (data) => {
      if ((data as OtcLiveMessage).orderCode === orderCode) void q.refetch();
    });
    return () => {
      clearInterval(timer);
      off();
    };
  }, [orderCode, q]);

  const o = q.data;
  if (!o) return <div className="otc-card">{q.isError ? t('orderMissing') : t('loading')}</div>;
  const skew = o.now - (q.dataUpdatedAt || Date.now());
  const left = secondsLeft(o.deadline, now + skew);
  const run = async (fn: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await fn();
      message.success(t(done));
      await qc.invalidateQueries({ queryKey: otcKeys.all });
    } catch (e) {
      message.error(isApiError(e) ? e.message : t('failed'));
    } finally {
      setBusy(false);
    }
  };
  const buyer = o.myRole === 'buyer';
  const closed = o.status === 'released' || o.status === 'cancelled';
  return (
    <div className="otc-order" data-testid="otc-order">
      <div className="otc-card">
        <div className="otc-order-head">
          <h2>{t(buyer ? 'order.buyTitle' : 'order.sellTitle', { asset: o.asset })}</h2>
          <Tag color={STATUS_COLOR[o.status]} data-testid="otc-order-status">
            {t(`status.${o.status}`)}
          </Tag>
        </div>
        {o.status === 'waiting' ? (
          <div className="otc-countdown" data-testid="otc-countdown">
            {t('order.payWithin')} <strong>{mmss(left)}</strong>
          </div>
        ) : null}
        <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
          <Descriptions.Item label={t('order.code')}>{o.orderCode}</Descriptions.Item>
          <Descriptions.Item label={t('order.counterparty')}>{o.merchantName}</Descriptions.Item>
          <Descriptions.Item label={t('field.price')}>
            {o.price} {o.fiat}
          </Descriptions.Item>
          <Descriptions.Item label={t('field.amount')}>
            <span data-testid="otc-order-amount">
              {o.amount} {o.asset}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('field.total')}>
            <strong>
              {o.total} {o.fiat}
            </strong>
          </Descriptions.Item>
        </Descriptions>
        <h3>{t(buyer ? 'order.payTo' : 'order.receiveAt')}</h3>
        {o.payment.map((p) => (
          <div key={p.id} className="otc-payment" data-testid="otc-payment">
            <Tag>{t(`payKind.${p.kind}`)}</Tag> {p.bankName ?? p.provider} · {p.holderName} ·{' '}
            <code>{p.account}</code>
            {p.branchName ? ` · ${p.branchName}` : ''}
          </div>
        ))}
        <div className="otc-actions">
          {buyer && o.status === 'waiting' ? (
            <>
              <Button
                type="primary"
                loading={busy}
                data-testid="otc-mark-paid"
                onClick={() =>
                  void run(async () => {
                    const link = proof ? await uploadChatImage(o.chatKey, proof) : undefined;
                    await orderAction('paid', o.orderCode, link);
                    setProof(null);
                  }, 'done.paid')
                }
              >
                {t('action.markPaid')}
              </Button>
              <input
                ref={proofInput}
                type="file"
                accept="image/*"
                hidden
                data-testid="otc-proof-input"
                onChange={(e) => {
                  setProof(e.target.files?.[0] ?? null);
                  e.target.value = '';
                }}
              />
              {proof ? (
                <span className="otc-hint" data-testid="otc-proof-name">
                  {t('order.proofAttached', { name: proof.name })}{' '}
                  <Button type="link" size="small" onClick={() => setProof(null)}>
                    {t('action.removeProof')}
                  </Button>
                </span>
              ) : (
                <Button disabled={busy} onClick={() => proofInput.current?.click()} data-testid="otc-proof">
                  {t('action.attachProof')}
                </Button>
              )}
              <Button
                loading={busy}
                data-testid="otc-cancel"
                onClick={() => void run(() => orderAction('cancel', o.orderCode), 'done.cancelled')}
              >
                {t('action.cancel')}
              </Button>
            </>
          ) : null}
          {!buyer && (o.status === 'paid' || o.status === 'appeal') ? (
            <Button
              type="primary"
              loading={busy}
              data-testid="otc-release"
              onClick={() => void run(() => orderAction('release', o.orderCode), 'done.released')}
            >
              {t('action.release')}
            </Button>
          ) : null}
          {!buyer && o.status === 'waiting' ? <span className="otc-hint">{t('order.waitBuyer')}</span> : null}
          {o.status === 'paid' ? (
            <Button
              danger
              disabled={o.appealFrom !== null && o.appealFrom > now + skew}
              onClick={() => setAppealOpen(true)}
              data-testid="otc-appeal"
            >
              {t('action.appeal')}
            </Button>
          ) : null}
        </div>
      </div>
      <OrderChat chatKey={o.chatKey} closed={closed} />
      <Modal
        open={appealOpen}
        title={t('action.appeal')}
        okText={t('action.submit')}
        cancelText={t('action.close')}
        onCancel={() => setAppealOpen(false)}
        onOk={() =>
          void run(() => appealOrder(o.orderCode, reason), 'done.appealed').then(() => setAppealOpen(false))
        }
      >
        <Input.TextArea
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder={t('appealReason')}
        />
      </Modal>
    </div>
  );
}
