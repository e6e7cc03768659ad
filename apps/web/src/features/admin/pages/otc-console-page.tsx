// OTC in the console (admin; docs/otc.md): merchant applications (approve, reject: the deposit returns)
// and appeals (the order, payment details, the order chat; release to the buyer or return to the seller;
// above the limit another operator approves). Every decision is audited by the server.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Input, Modal, Segmented, Space, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { useFormatTime } from '@/lib/format-time';
import {
  type AppealRow,
  approveAppeal,
  decideAppeal,
  decideMerchant,
  getAppeal,
  listAppeals,
  listMerchants,
  type MerchantRow,
  otcAdminKeys,
} from '../api/otc-admin-api';

function useRun() {
  const { t } = useTranslation('adminOtc');
  const { message } = App.useApp();
  const qc = useQueryClient();
  return async (fn: () => Promise<unknown>) => {
    try {
      await fn();
      message.success(t('done'));
      await qc.invalidateQueries({ queryKey: otcAdminKeys.all });
    } catch (e) {
      message.error(isApiError(e) ? e.message : t('failed'));
    }
  };
}

function Merchants() {
  const { t } = useTranslation('adminOtc');
  const formatTime = useFormatTime();
  const run = useRun();
  const [status, setStatus] = useState('pending');
  const q = useQuery({ queryKey: otcAdminKeys.merchants(status), queryFn: () => listMerchants(status) });
  return (
    <>
      <Segmented
        value={status}
        onChange={(v) => setStatus(String(v))}
        options={['pending', 'approved', 'rejected'].map((s) => ({
          value: s,
          label: t(`merchantStatus.${s}`),
        }))}
      />
      <Table
        rowKey="id"
        size="small"
        dataSource={q.data ?? []}
        loading={q.isLoading}
        pagination={false}
        columns={[
          { title: t('user'), render: (_, m: MerchantRow) => `${m.account} (#${m.userId})` },
          { title: t('nickname'), dataIndex: 'nickname' },
          {
            title: t('deposit'),
            render: (_, m: MerchantRow) => (m.depositAmount ? `${m.depositAmount} ${m.depositAsset}` : '-'),
          },
          { title: t('time'), render: (_, m: MerchantRow) => formatTime(m.createTime) },
          {
            title: '',
            render: (_, m: MerchantRow) =>
              m.status === 'pending' ? (
                <Space>
                  <Button
                    size="small"
                    type="primary"
                    data-testid={`otc-merchant-approve-${m.id}`}
                    onClick={() => void run(() => decideMerchant(m.id, true))}
                  >
                    {t('approve')}
                  </Button>
                  <Button
                    size="small"
                    danger
                    onClick={() => void run(() => decideMerchant(m.id, false, t('rejectedNote')))}
                  >
                    {t('reject')}
                  </Button>
                </Space>
              ) : (
                <Tag>{t(`merchantStatus.${m.status}`)}</Tag>
              ),
          },
        ]}
      />
    </>
  );
}

function AppealDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('adminOtc');
  const run = useRun();
  const q = useQuery({ queryKey: otcAdminKeys.appeal(id), queryFn: () => getAppeal(id) });
  const [note, setNote] = useState('');
  const a = q.data;
  return (
    <Modal open title={t('appeal')} footer={null} onCancel={onClose} width={760}>
      {a ? (
        <>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('order')}>{a.orderCode}</Descriptions.Item>
            <Descriptions.Item label={t('amount')}>
              {a.order.amount} {a.order.asset} / {a.order.total} {a.order.fiat}
            </Descriptions.Item>
            <Descriptions.Item label={t('buyer')}>
              {a.parties.find((p) => p.id === a.order.buyerId)?.account}
            </Descriptions.Item>
            <Descriptions.Item label={t('seller')}>
              {a.parties.find((p) => p.id === a.order.sellerId)?.account}
            </Descriptions.Item>
            <Descriptions.Item label={t('reason')} span={2}>
              {a.reason}
            </Descriptions.Item>
            <Descriptions.Item label={t('payment')} span={2}>
              {a.payment
                .map((p) => `${p.bankName ?? p.provider ?? ''} ${p.holderName} ${p.account}`)
                .join(' · ')}
            </Descriptions.Item>
          </Descriptions>
          <div className="otc-admin-chat">
            {a.messages.map((m) => (
              <div key={m.id}>
                <Tag>
                  {m.blade_user_id === '-1'
                    ? t('system')
                    : (a.parties.find((p) => p.id === m.blade_user_id)?.account ?? m.blade_user_id)}
                </Tag>
                {m.content_type === '2' ? t('image') : m.content}
              </div>
            ))}
          </div>
          {a.status === 'open' ? (
            <Space direction="vertical" style={{ width: '100%' }}>
              <Input.TextArea
                value={note}
                onChange={(e) => setNote(e.target.value)}
                placeholder={t('note')}
                maxLength={500}
              />
              <Space>
                <Button
                  type="primary"
                  onClick={() => void run(() => decideAppeal(a.id, 'buyer', note)).then(onClose)}
                >
                  {t('toBuyer')}
                </Button>
                <Button
                  danger
                  onClick={() => void run(() => decideAppeal(a.id, 'seller', note)).then(onClose)}
                >
                  {t('toSeller')}
                </Button>
              </Space>
            </Space>
          ) : a.status === 'pending_approval' ? (
            <Space>
              <Tag color="gold">{t(a.decision === 'buyer' ? 'toBuyer' : 'toSeller')}</Tag>
              <Button type="primary" onClick={() => void run(() => approveAppeal(a.id)).then(onClose)}>
                {t('secondApprove')}
              </Button>
            </Space>
          ) : (
            <Tag>{t(a.decision === 'buyer' ? 'toBuyer' : 'toSeller')}</Tag>
          )}
        </>
      ) : null}
    </Modal>
  );
}

function Appeals() {
  const { t } = useTranslation('adminOtc');
  const formatTime = useFormatTime();
  const [status, setStatus] = useState('open');
  const [open, setOpen] = useState<string | null>(null);
  const q = useQuery({ queryKey: otcAdminKeys.appeals(status), queryFn: () => listAppeals(status) });
  return (
    <>
      <Segmented
        value={status}
        onChange={(v) => setStatus(String(v))}
        options={['open', 'pending_approval', 'resolved'].map((s) => ({
          value: s,
          label: t(`appealStatus.${s}`),
        }))}
      />
      <Table
        rowKey="id"
        size="small"
        dataSource={q.data ?? []}
        loading={q.isLoading}
        pagination={false}
        columns={[
          { title: t('order'), dataIndex: 'orderCode' },
          { title: t('amount'), render: (_, a: AppealRow) => `${a.order.amount} ${a.order.asset}` },
          { title: t('reason'), dataIndex: 'reason' },
          {
            title: t('secondApproval'),
            render: (_, a: AppealRow) => (a.needsSecondApproval ? t('yes') : t('no')),
          },
          { title: t('time'), render: (_, a: AppealRow) => formatTime(a.createTime) },
          {
            title: '',
            render: (_, a: AppealRow) => (
              <Button size="small" onClick={() => setOpen(a.id)}>
                {t('open')}
              </Button>
            ),
          },
        ]}
      />
      {open ? <AppealDialog id={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}

export function OtcConsolePage() {
  const { t } = useTranslation('adminOtc');
  return (
    <div data-testid="admin-otc">
      <Tabs
        items={[
          { key: 'merchants', label: t('merchants'), children: <Merchants /> },
          { key: 'appeals', label: t('appeals'), children: <Appeals /> },
        ]}
      />
    </div>
  );
}
