// Seconds contracts in the console (docs/seconds.md "Console"): the switches, the pool's balance and its
// exposure (open payouts) with what is free to cover new orders, the house account, the settlement job,
// the periods (edit or add one: validated on the server, audited), and moving USDT between the house
// account and the pool (never below the exposure). There is no control over prices or outcomes here, by
// design: a period's terms are the same for everyone.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Radio,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { useFormatTime } from '@/lib/format-time';
import {
  getSecondsOverview,
  moveSecondsPool,
  type SecondsPeriodRow,
  type SecondsPoolRow,
  saveSecondsPeriod,
  secondsConsoleKeys,
} from '../api/seconds-admin-api';

type PeriodForm = Omit<SecondsPeriodRow, 'enabled'> & { enabled: boolean };

export function SecondsConsolePage() {
  const { t } = useTranslation('adminSeconds');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const formatTime = useFormatTime();
  const overview = useQuery({
    queryKey: secondsConsoleKeys.overview,
    queryFn: getSecondsOverview,
    refetchInterval: 5000,
  });
  const [form] = Form.useForm<PeriodForm>();
  const [poolForm] = Form.useForm<{ direction: 'in' | 'out'; amount: string }>();
  const [editing, setEditing] = useState<string | null>(null);
  const refresh = () => void qc.invalidateQueries({ queryKey: secondsConsoleKeys.overview });
  const fieldErrors = (e: unknown, f: typeof form | typeof poolForm, fallback: string) => {
    if (!isApiError(e)) return;
    const fields = e.errors.length > 0 ? e.errors : [{ field: fallback, message: e.msg }];
    f.setFields(fields.map((fe) => ({ name: fe.field as never, errors: [fe.message] })));
  };
  const save = useMutation({
    mutationFn: ({ periodId, ...body }: PeriodForm) =>
      saveSecondsPeriod(periodId.trim(), { ...body, rate: String(body.rate).trim() }, { silent: true }),
    onSuccess: () => {
      message.success(t('periods.saved'));
      setEditing(null);
      form.resetFields();
      refresh();
    },
    onError: (e) => fieldErrors(e, form, 'periodId'),
  });
  const move = useMutation({
    mutationFn: (v: { direction: 'in' | 'out'; amount: string }) =>
      moveSecondsPool(v.direction, v.amount.trim(), { silent: true }),
    onSuccess: () => {
      message.success(t('pool.moved'));
      poolForm.resetFields(['amount']);
      refresh();
    },
    onError: (e) => fieldErrors(e, poolForm, 'amount'),
  });
  const data = overview.data;
  const edit = (p: SecondsPeriodRow) => {
    setEditing(p.periodId);
    form.setFieldsValue(p);
  };

  return (
    <section data-testid="admin-seconds">
      <div className="admin-page-head">
        <Typography.Title level={3}>{t('title')}</Typography.Title>
      </div>
      <p className="admin-muted">{t('noControl')}</p>
      <Card title={t('status.title')} className="admin-gap" loading={overview.isLoading}>
        {data ? (
          <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
            <Descriptions.Item label={t('status.enabled')}>
              {data.enabled.effective ? (
                <Tag color="green">{t('status.on')}</Tag>
              ) : (
                <Tag color="red">{t('status.off')}</Tag>
              )}
              {!data.enabled.deployment ? (
                <span className="admin-muted"> {t('status.deploymentOff')}</span>
              ) : null}
            </Descriptions.Item>
            <Descriptions.Item label={t('status.blocked')}>
              {data.blockedCountries.length > 0 ? data.blockedCountries.join(', ') : t('status.none')}
            </Descriptions.Item>
            <Descriptions.Item label={t('status.tolerance')}>
              {t('status.seconds', { count: Math.round(data.settleToleranceMs / 1000) })}
            </Descriptions.Item>
            <Descriptions.Item label={t('status.open')}>
              <span data-testid="seconds-open-count">{data.openContracts}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('status.lastRun')}>
              {data.settlement.lastRunAt ? formatTime(data.settlement.lastRunAt) : '—'}
              {data.settlement.lastError ? (
                <Tag color="red" className="admin-tag-gap">
                  {data.settlement.lastError}
                </Tag>
              ) : null}
            </Descriptions.Item>
            <Descriptions.Item label={t('status.commands')}>
              {t('status.commandCounts', {
                settle: data.settlement.settleCommands,
                void: data.settlement.voidCommands,
              })}
            </Descriptions.Item>
          </Descriptions>
        ) : null}
      </Card>
      <Card title={t('pool.title')} className="admin-gap">
        <Table<SecondsPoolRow>
          rowKey="asset"
          size="small"
          pagination={false}
          loading={overview.isLoading}
          dataSource={data?.pool ?? []}
          columns={[
            { title: t('pool.asset'), dataIndex: 'asset' },
            {
              title: t('pool.balance'),
              align: 'right',
              render: (_, r) => (
                <span className="admin-num" data-testid={`seconds-pool-${r.asset}`}>
                  {r.balance}
                </span>
              ),
            },
            {
              title: t('pool.exposure'),
              align: 'right',
              render: (_, r) => (
                <span className="admin-num" data-testid={`seconds-exposure-${r.asset}`}>
                  {r.exposure}
                </span>
              ),
            },
            {
              title: t('pool.free'),
              align: 'right',
              render: (_, r) => <span className="admin-num">{r.free}</span>,
            },
            {
              title: t('pool.house'),
              align: 'right',
              render: (_, r) => <span className="admin-num">{r.houseAvailable}</span>,
            },
          ]}
        />
        <p className="admin-muted">{t('pool.explain', { user: data?.houseUserId ?? '' })}</p>
        <Form
          form={poolForm}
          layout="inline"
          className="admin-inline-form"
          initialValues={{ direction: 'in' }}
          onFinish={(v) => move.mutate(v)}
        >
          <Form.Item name="direction">
            <Radio.Group
              optionType="button"
              options={[
                { value: 'in', label: t('pool.in') },
                { value: 'out', label: t('pool.out') },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="amount"
            rules={[{ required: true, pattern: /^\s*\d+(\.\d+)?\s*$/, message: t('pool.amountRule') }]}
          >
            <Input
              placeholder={t('pool.amount')}
              inputMode="decimal"
              className="admin-w-sm"
              data-testid="seconds-pool-amount"
              addonAfter="USDT"
            />
          </Form.Item>
          <Form.Item>
            <Button htmlType="submit" loading={move.isPending} data-testid="seconds-pool-submit">
              {t('pool.submit')}
            </Button>
          </Form.Item>
        </Form>
      </Card>
      <Card title={t('periods.title')} className="admin-gap">
        <Table<SecondsPeriodRow>
          rowKey="periodId"
          size="small"
          pagination={false}
          loading={overview.isLoading}
          dataSource={data?.periods ?? []}
          className="admin-gap"
          columns={[
            { title: t('periods.id'), dataIndex: 'periodId' },
            { title: t('periods.duration'), render: (_, p) => t('status.seconds', { count: p.durationSec }) },
            { title: t('periods.rate'), align: 'right', dataIndex: 'rate' },
            { title: t('periods.limits'), render: (_, p) => `${p.minStake} – ${p.maxStake}` },
            { title: t('periods.sort'), dataIndex: 'sort' },
            {
              title: t('periods.enabled'),
              render: (_, p) =>
                p.enabled ? <Tag color="green">{t('status.on')}</Tag> : <Tag>{t('status.off')}</Tag>,
            },
            {
              title: '',
              render: (_, p) => (
                <Button
                  size="small"
                  onClick={() => edit(p)}
                  data-testid={`seconds-period-edit-${p.periodId}`}
                >
                  {t('periods.edit')}
                </Button>
              ),
            },
          ]}
        />
        <Typography.Title level={5}>
          {editing ? t('periods.editing', { id: editing }) : t('periods.add')}
        </Typography.Title>
        <Form<PeriodForm>
          form={form}
          layout="inline"
          className="admin-inline-form"
          initialValues={{ enabled: true, sort: 10 }}
          onFinish={(v) => save.mutate(v)}
        >
          <Form.Item
            name="periodId"
            label={t('periods.id')}
            rules={[{ required: true, pattern: /^[a-z0-9_-]{1,32}$/, message: t('periods.idRule') }]}
          >
            <Input className="admin-w-xs" disabled={editing !== null} data-testid="seconds-period-id" />
          </Form.Item>
          <Form.Item
            name="durationSec"
            label={t('periods.durationSec')}
            rules={[{ required: true, message: t('periods.required') }]}
          >
            <InputNumber
              min={5}
              max={86400}
              precision={0}
              className="admin-w-xs"
              data-testid="seconds-period-duration"
            />
          </Form.Item>
          <Form.Item
            name="rate"
            label={t('periods.rate')}
            rules={[{ required: true, message: t('periods.required') }]}
          >
            <Input className="admin-w-xs" inputMode="decimal" data-testid="seconds-period-rate" />
          </Form.Item>
          <Form.Item
            name="minStake"
            label={t('periods.min')}
            rules={[{ required: true, message: t('periods.required') }]}
          >
            <Input className="admin-w-xs" inputMode="numeric" data-testid="seconds-period-min" />
          </Form.Item>
          <Form.Item
            name="maxStake"
            label={t('periods.max')}
            rules={[{ required: true, message: t('periods.required') }]}
          >
            <Input className="admin-w-xs" inputMode="numeric" data-testid="seconds-period-max" />
          </Form.Item>
          <Form.Item name="sort" label={t('periods.sort')}>
            <InputNumber min={0} max={10000} precision={0} className="admin-w-xs" />
          </Form.Item>
          <Form.Item name="enabled" label={t('periods.enabled')} valuePropName="checked">
            <Switch data-testid="seconds-period-enabled" />
          </Form.Item>
          <Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              loading={save.isPending}
              data-testid="seconds-period-save"
            >
              {t('periods.save')}
            </Button>
          </Form.Item>
          {editing ? (
            <Form.Item>
              <Button
                onClick={() => {
                  setEditing(null);
                  form.resetFields();
                }}
              >
                {t('periods.cancel')}
              </Button>
            </Form.Item>
          ) : null}
        </Form>
      </Card>
    </section>
  );
}
