// Earn products in the console (issue 16): every pledge, finance, loan and DeFi product with its terms
// and live counters; create one, edit one (new terms apply to new orders; kind and coin never change),
// open or close it. Terms are checked again by the server and the money core.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, InputNumber, Modal, Select, Table, Tag, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import {
  type AdminProduct,
  createEarnProduct,
  type EarnKind,
  earnConsoleKeys,
  listEarnProducts,
  type ProductBody,
  updateEarnProduct,
} from '../api/earn-console-api';

const KINDS: EarnKind[] = ['pledge', 'finance', 'loan', 'defi'];
const DECIMAL = /^\s*\d+(\.\d+)?\s*$/;

type FormValues = Record<string, string | number | string[] | undefined> & { kind: EarnKind };

/** The form's values for a product (edit) or the defaults of a kind (new). */
function initialOf(p: AdminProduct | undefined, kind: EarnKind): FormValues {
  if (!p?.terms) {
    return {
      kind,
      asset: 'USDT',
      status: 'open',
      cycleDays: 30,
      payout: 'maturity',
      category: 'ordinary',
      lockDays: 0,
      periodDays: 10,
      repayWays: ['1', '2'],
      gasAsset: 'ETH',
      gasFee: '0',
    };
  }
  const { id: _id, ...terms } = p.terms;
  return {
    ...terms,
    kind: p.kind,
    name: p.name,
    description: p.description,
    sort: p.sort,
    category: p.category ?? undefined,
    poolAddress: p.poolAddress ?? undefined,
  };
}

const KIND_FIELDS: Record<EarnKind, string[]> = {
  pledge: ['userLimit', 'buyableCount', 'payout', 'earlyPenaltyRate'],
  finance: ['category', 'lockDays', 'cap', 'participationLimit'],
  loan: ['periodDays', 'repayWays', 'overdueRate'],
  defi: ['gasAsset', 'gasFee', 'poolAddress'],
};
const COMMON = [
  'name',
  'description',
  'sort',
  'asset',
  'status',
  'dailyRate',
  'cycleDays',
  'minAmount',
  'maxAmount',
];

/** Only the keys of the kind (the server refuses unknown ones), strings trimmed, empty left out. */
function bodyOf(v: FormValues): ProductBody {
  const body: ProductBody = { kind: v.kind };
  for (const key of [...COMMON, ...KIND_FIELDS[v.kind]]) {
    const value = v[key];
    if (value === undefined || value === '') continue;
    body[key] = typeof value === 'string' ? value.trim() : value;
  }
  return body;
}

function ProductForm({ product, onClose }: { product: AdminProduct | undefined; onClose: () => void }) {
  const { t } = useTranslation('adminEarn');
  const { t: ta } = useTranslation('admin');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const [kind, setKind] = useState<EarnKind>(product?.kind ?? 'pledge');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (v: FormValues) =>
      product ? updateEarnProduct(product.id, bodyOf(v)) : createEarnProduct(bodyOf(v)),
    onSuccess: () => {
      message.success(t('products.saved'));
      void qc.invalidateQueries({ queryKey: earnConsoleKeys.all });
      onClose();
    },
    onError: (e) => {
      if (isApiError(e) && e.errors.length > 0) {
        form.setFields(e.errors.map((fe) => ({ name: fe.field, errors: [fe.message] })));
        setError(null);
      } else setError(isApiError(e) ? e.msg : ta('login.failed'));
    },
  });
  const required = [{ required: true, message: ta('form.required') }];
  const decimal = [...required, { pattern: DECIMAL, message: ta('form.amount.decimal') }];
  const field = (name: string, input: React.ReactNode, rules: object[] = decimal) => (
    <Form.Item name={name} label={t(`fields.${name}`)} rules={rules} key={name}>
      {input}
    </Form.Item>
  );
  const text = (name: string) => <Input data-testid={`product-${name}`} inputMode="decimal" />;
  const int = (name: string, min = 1) => (
    <InputNumber data-testid={`product-${name}`} min={min} max={3650} precision={0} className="admin-w-sm" />
  );
  return (
    <Modal
      open
      width={720}
      title={product ? t('products.edit', { name: product.name }) : t('products.new')}
      okText={t('products.save')}
      cancelText={ta('actions.cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: save.isPending, ...{ 'data-testid': 'product-save' } }}
      destroyOnHidden
    >
      {error ? (
        <Alert type="error" showIcon message={error} className="admin-gap" data-testid="product-error" />
      ) : null}
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={initialOf(product, kind)}
        onFinish={(v) => save.mutate({ ...v, kind })}
        onValuesChange={(changed: Partial<FormValues>) => changed.kind && setKind(changed.kind)}
      >
        <Form.Item name="kind" label={t('fields.kind')}>
          <Select
            disabled={product !== undefined}
            data-testid="product-kind"
            options={KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
          />
        </Form.Item>
        {field('name', <Input data-testid="product-name" maxLength={100} />, required)}
        {field('description', <Input.TextArea maxLength={1000} rows={2} />, [])}
        {field(
          'asset',
          <Input data-testid="product-asset" maxLength={16} disabled={product !== undefined} />,
          required,
        )}
        {field(
          'status',
          <Select
            data-testid="product-status"
            options={['open', 'closed'].map((s) => ({ value: s, label: t(`products.status.${s}`) }))}
          />,
          required,
        )}
        {field('dailyRate', text('dailyRate'))}
        {field('cycleDays', int('cycleDays'), required)}
        {field('minAmount', text('minAmount'))}
        {field('maxAmount', text('maxAmount'))}
        {kind === 'pledge' ? (
          <>
            {field('userLimit', text('userLimit'))}
            {field('buyableCount', int('buyableCount'), required)}
            {field(
              'payout',
              <Select options={['maturity', 'daily'].map((p) => ({ value: p, label: t(`payout.${p}`) }))} />,
              required,
            )}
            {field('earlyPenaltyRate', text('earlyPenaltyRate'))}
          </>
        ) : null}
        {kind === 'finance' ? (
          <>
            {field(
              'category',
              <Select
                data-testid="product-category"
                options={['value_added', 'member', 'ordinary'].map((c) => ({
                  value: c,
                  label: t(`categories.${c}`),
                }))}
              />,
              required,
            )}
            {field('lockDays', int('lockDays', 0), required)}
            {field('cap', text('cap'))}
            {field('participationLimit', int('participationLimit'), required)}
          </>
        ) : null}
        {kind === 'loan' ? (
          <>
            {field('periodDays', int('periodDays'), required)}
            {field(
              'repayWays',
              <Select
                mode="multiple"
                options={['1', '2'].map((w) => ({ value: w, label: t(`repayWays.${w}`) }))}
              />,
              required,
            )}
            {field('overdueRate', text('overdueRate'))}
          </>
        ) : null}
        {kind === 'defi' ? (
          <>
            {field('gasAsset', <Input maxLength={16} />, required)}
            {field('gasFee', text('gasFee'))}
            {field('poolAddress', <Input maxLength={42} />, [
              { pattern: /^0x[0-9a-fA-F]{40}$/, message: t('products.addressInvalid') },
            ])}
          </>
        ) : null}
        {field('sort', <InputNumber min={0} max={100000} precision={0} />, [])}
      </Form>
      <p className="admin-muted">{t('products.rateHint')}</p>
    </Modal>
  );
}

export function EarnProductsPage() {
  const { t } = useTranslation('adminEarn');
  const { t: ta } = useTranslation('admin');
  const products = useQuery({ queryKey: earnConsoleKeys.products, queryFn: listEarnProducts });
  const [editing, setEditing] = useState<AdminProduct | 'new' | null>(null);
  return (
    <section>
      <div className="admin-page-head">
        <Typography.Title level={3}>{ta('nav.earn-products')}</Typography.Title>
        <Button type="primary" onClick={() => setEditing('new')} data-testid="product-new">
          {t('products.new')}
        </Button>
      </div>
      <p className="admin-muted">{t('products.explained')}</p>
      <Table<AdminProduct>
        rowKey="id"
        size="small"
        loading={products.isLoading}
        dataSource={products.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        onRow={(p) => ({ 'data-testid': `product-row-${p.id}` }) as HTMLAttributes<HTMLElement>}
        columns={[
          { title: ta('cols.id'), dataIndex: 'id', width: 60 },
          { title: t('fields.kind'), render: (_, p) => <Tag>{t(`kinds.${p.kind}`)}</Tag> },
          {
            title: t('fields.name'),
            render: (_, p) => (p.category ? `${p.name} · ${t(`categories.${p.category}`)}` : p.name),
          },
          { title: t('fields.asset'), render: (_, p) => p.terms?.asset },
          {
            title: t('fields.dailyRate'),
            align: 'right',
            render: (_, p) => <span className="admin-num">{p.terms?.dailyRate}</span>,
          },
          { title: t('fields.cycleDays'), align: 'right', render: (_, p) => p.terms?.cycleDays },
          { title: t('products.range'), render: (_, p) => `${p.terms?.minAmount} – ${p.terms?.maxAmount}` },
          {
            title: t('products.sold'),
            align: 'right',
            render: (_, p) => <span className="admin-num">{p.sold}</span>,
          },
          {
            title: t('products.active'),
            align: 'right',
            render: (_, p) => `${p.activeOrders} / ${p.participants}`,
          },
          {
            title: t('products.paidOut'),
            align: 'right',
            render: (_, p) => <span className="admin-num">{p.paidOut}</span>,
          },
          {
            title: t('fields.status'),
            render: (_, p) => (
              <Tag color={p.terms?.status === 'open' ? 'green' : 'default'}>
                {t(`products.status.${p.terms?.status ?? 'closed'}`)}
              </Tag>
            ),
          },
          {
            title: ta('cols.actions'),
            render: (_, p) => (
              <Button size="small" onClick={() => setEditing(p)} data-testid={`product-edit-${p.id}`}>
                {t('products.editButton')}
              </Button>
            ),
          },
        ]}
      />
      {editing ? (
        <ProductForm product={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      ) : null}
    </section>
  );
}
