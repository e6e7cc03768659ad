// Operator accounts (admin only): the list and creating one. A new operator must replace the initial
// password at first sign-in, like the first admin.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Select, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { useFormatTime } from '@/lib/format-time';
import { consoleKeys, createOperator, listOperators } from '../api/console-api';
import type { OperatorRow } from '../api/console-types';

interface Values {
  username: string;
  role: string;
  password: string;
}

export function OperatorsPage() {
  const { t } = useTranslation('admin');
  const fmt = useFormatTime();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const query = useQuery({ queryKey: consoleKeys.operators, queryFn: listOperators });
  const create = useMutation({
    mutationFn: (v: Values) => createOperator(v, { silent: true }),
    onSuccess: () => {
      message.success(t('operators.created'));
      form.resetFields();
      void qc.invalidateQueries({ queryKey: consoleKeys.operators });
    },
    onError: (e) => {
      if (isApiError(e)) {
        const fields = e.errors.length > 0 ? e.errors : [{ field: 'username', message: e.msg }];
        form.setFields(fields.map((fe) => ({ name: fe.field as keyof Values, errors: [fe.message] })));
      }
    },
  });
  return (
    <section>
      <div className="admin-page-head">
        <Typography.Title level={3}>{t('nav.operators')}</Typography.Title>
      </div>
      <Card title={t('operators.new')} className="admin-gap">
        <Form<Values>
          form={form}
          layout="inline"
          className="admin-inline-form"
          initialValues={{ role: 'reviewer' }}
          onFinish={(v) => create.mutate(v)}
        >
          <Form.Item
            name="username"
            label={t('login.username')}
            rules={[{ required: true, message: t('form.required') }]}
          >
            <Input data-testid="operator-username" className="admin-w-sm" maxLength={32} />
          </Form.Item>
          <Form.Item name="role" label={t('operators.role')}>
            <Select
              data-testid="operator-role"
              className="admin-w-sm"
              options={(['admin', 'reviewer', 'support'] as const).map((r) => ({
                value: r,
                label: t(`roles.${r}`),
              }))}
            />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('operators.initialPassword')}
            rules={[{ required: true, message: t('form.required') }]}
          >
            <Input.Password data-testid="operator-password" className="admin-w-sm" maxLength={20} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="operator-submit">
              {t('operators.create')}
            </Button>
          </Form.Item>
        </Form>
      </Card>
      <Table<OperatorRow>
        rowKey="id"
        loading={query.isLoading}
        dataSource={query.data ?? []}
        pagination={false}
        columns={[
          { title: t('cols.id'), dataIndex: 'id', width: 70 },
          { title: t('login.username'), dataIndex: 'username' },
          { title: t('operators.role'), render: (_, o) => <Tag>{t(`roles.${o.role}`)}</Tag> },
          {
            title: t('cols.status'),
            render: (_, o) =>
              o.disabled ? (
                <Tag color="red">{t('users.status.disabled')}</Tag>
              ) : o.mustChangePassword ? (
                <Tag color="gold">{t('operators.mustChange')}</Tag>
              ) : (
                <Tag color="green">{t('users.status.active')}</Tag>
              ),
          },
          { title: t('cols.registered'), render: (_, o) => fmt(o.createdAt) },
        ]}
      />
    </section>
  );
}
