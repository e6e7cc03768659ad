// Spot margin in the console: the levels and leverages, every lending pool (rate, switch, balance, what
// is lent, interest earned, what the insurance fund covered), the insurance fund per asset, the jobs, and
// an audited change of a pool (rate, switch, money in or out; only what is not lent may leave). There is
// no control over a user's debt or level here, by design.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Form, Input, Radio, Select, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { changeMarginPool, getMarginOverview, marginConsoleKeys } from '../api/margin-admin-api';

interface PoolForm {
  coin: string;
  hourlyRate?: string;
  direction?: 'in' | 'out';
  amount?: string;
}

export function MarginConsolePage() {
  const { t } = useTranslation('margin');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const overview = useQuery({
    queryKey: marginConsoleKeys.overview,
    queryFn: getMarginOverview,
    refetchInterval: 5000,
  });
  const [form] = Form.useForm<PoolForm>();
  const change = useMutation({
    mutationFn: (v: PoolForm) =>
      changeMarginPool(
        v.coin,
        {
          ...(v.hourlyRate?.trim() ? { hourlyRate: v.hourlyRate.trim() } : {}),
          ...(v.amount?.trim() ? { direction: v.direction ?? 'in', amount: v.amount.trim() } : {}),
        },
        { silent: true },
      ),
    onSuccess: () => {
      message.success(t('console.saved'));
      form.resetFields(['hourlyRate', 'amount']);
      void qc.invalidateQueries({ queryKey: marginConsoleKeys.overview });
    },
    onError: (e) => {
      if (!isApiError(e)) return;
      const fields = e.errors.length > 0 ? e.errors : [{ field: 'amount', message: e.msg }];
      form.setFields(fields.map((fe) => ({ name: fe.field as never, errors: [fe.message] })));
    },
  });
  const d = overview.data;
  return (
    <div data-testid="margin-console">
      <Typography.Title level={3}>{t('console.title')}</Typography.Title>
      <Card>
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label={t('console.levels')}>
            {d?.config ? `${d.config.callLevel} / ${d.config.liquidationLevel}` : '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('console.leverages')}>
            {d?.config
              ? `${d.config.crossLeverage}x / ${d.config.isolatedLeverages.map((l) => `${l}x`).join(', ')}`
              : '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('console.openAccounts')}>{d?.openAccounts ?? 0}</Descriptions.Item>
          <Descriptions.Item label={t('console.lastAccrued')}>{d?.lastAccruedHour ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('console.jobs')}>
            {d
              ? t('console.jobStats', {
                  hours: d.jobs.accruedHours,
                  warnings: d.jobs.warnings,
                  liquidations: d.jobs.liquidations,
                  shortfalls: d.jobs.shortfalls,
                })
              : '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('console.lastError')}>{d?.jobs.lastError ?? '-'}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Typography.Title level={4}>{t('console.pools')}</Typography.Title>
      <Table
        size="small"
        rowKey="asset"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={d?.pools ?? []}
        columns={[
          { title: t('cols.coin'), dataIndex: 'asset' },
          { title: t('loans.rate'), dataIndex: 'hourlyRate' },
          { title: t('console.enabled'), dataIndex: 'enabled', render: (v: boolean) => (v ? '✓' : '—') },
          { title: t('console.balance'), dataIndex: 'balance' },
          { title: t('console.lent'), dataIndex: 'lent' },
          { title: t('console.interestEarned'), dataIndex: 'interestEarned' },
          { title: t('console.covered'), dataIndex: 'covered' },
        ]}
      />
      <Typography.Title level={4}>{t('console.insurance')}</Typography.Title>
      <Table
        size="small"
        rowKey="asset"
        pagination={false}
        dataSource={d?.insuranceFund ?? []}
        columns={[
          { title: t('cols.coin'), dataIndex: 'asset' },
          { title: t('console.balance'), dataIndex: 'balance' },
        ]}
      />
      <Card title={t('console.change')} style={{ marginTop: 16 }}>
        <Form
          form={form}
          layout="inline"
          onFinish={(v) => change.mutate(v)}
          initialValues={{ direction: 'in' }}
        >
          <Form.Item
            name="coin"
            label={t('cols.coin')}
            rules={[{ required: true, message: t('console.required') }]}
          >
            <Select
              style={{ minWidth: 100 }}
              options={(d?.pools ?? []).map((p) => ({ value: p.asset, label: p.asset }))}
            />
          </Form.Item>
          <Form.Item name="hourlyRate" label={t('loans.rate')}>
            <Input />
          </Form.Item>
          <Form.Item name="direction">
            <Radio.Group>
              <Radio.Button value="in">{t('console.in')}</Radio.Button>
              <Radio.Button value="out">{t('console.out')}</Radio.Button>
            </Radio.Group>
          </Form.Item>
          <Form.Item name="amount" label={t('amount')}>
            <Input />
          </Form.Item>
          <Button htmlType="submit" type="primary" loading={change.isPending}>
            {t('console.save')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
