// /account/center/api-keys: the user's API keys (label, key, permissions, IP allowlist), creating one
// (read and/or trade, never withdrawals; the secret is shown once, in a dialog that says so), and
// deleting one (requests signed with it stop working at once). How to sign: docs/api-keys.md.
import { googleCodeSchema } from '@coin/shared/security-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Checkbox,
  Empty,
  Form,
  Input,
  List,
  Modal,
  Popconfirm,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { applyServerFieldErrors, fieldErrorText } from '@/lib/form-errors';
import { useFormatTime } from '@/lib/format-time';
import { InputField } from '@/lib/input-field';
import {
  type ApiKeyPermission,
  apiKeysQuery,
  type CreatedApiKey,
  createApiKey,
  deleteApiKey,
} from '../api/api-keys';
import { securityInfoQuery } from '../api/security-info';
import { securityKeys } from '../api/security-keys';
import { GoogleCodeInput } from '../components/google-code-input';
import { FormMessage, SectionCard, useErrorMessage } from '../components/security-ui';

const IP_ENTRY = /^[0-9A-Fa-f.:]{2,45}(\/\d{1,3})?$/;

interface Values {
  label: string;
  permissions: ApiKeyPermission[];
  ips: string;
  googleCode: string;
}

function splitIps(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

function CreateKeyForm({ onCreated }: { onCreated(key: CreatedApiKey): void }) {
  const { t, i18n } = useTranslation('security');
  const errorMessage = useErrorMessage();
  const needsGoogle = useQuery(securityInfoQuery()).data?.googleBound === true;
  const schema = useMemo(
    () =>
      z.object({
        label: z
          .string({ error: 'validation.required' })
          .trim()
          .min(1, 'validation.required')
          .max(40, 'validation.tooLong'),
        permissions: z.array(z.enum(['read', 'trade'])).min(1, 'validation.required'),
        ips: z.string().refine((s) => splitIps(s).every((ip) => IP_ENTRY.test(ip)), 'validation.ip'),
        googleCode: needsGoogle ? googleCodeSchema : z.string(),
      }),
    [needsGoogle],
  );
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError, reset, formState } = useForm<Values>({
    resolver: zodResolver(schema) as never,
    defaultValues: { label: '', permissions: ['read'], ips: '', googleCode: '' },
  });
  const submit = handleSubmit(async (v) => {
    setFormError(null);
    const ips = splitIps(v.ips);
    try {
      const created = await createApiKey(
        {
          label: v.label.trim(),
          permissions: v.permissions,
          ...(ips.length > 0 ? { ipAllowlist: ips } : {}),
          ...(needsGoogle ? { googleCode: v.googleCode } : {}),
        },
        { silent: true },
      );
      reset();
      onCreated(created);
    } catch (e) {
      if (applyServerFieldErrors(e, setError, ['label', 'permissions', 'googleCode'], { ipAllowlist: 'ips' }))
        return;
      setFormError(errorMessage(e));
    }
  });
  return (
    <form onSubmit={submit} noValidate className="security-form" data-testid="api-key-form">
      <Form layout="vertical" component={false}>
        <InputField
          control={control}
          name="label"
          id="api-key-label"
          label={t('apiKeys.label')}
          required
          size="middle"
          maxLength={40}
        />
        <Controller
          control={control}
          name="permissions"
          render={({ field, fieldState }) => (
            <Form.Item
              label={t('apiKeys.permissions')}
              required
              validateStatus={fieldState.error ? 'error' : undefined}
              help={fieldErrorText(
                (k) => i18n.t(k),
                (k) => i18n.exists(k),
                fieldState.error?.message,
              )}
              extra={t('apiKeys.noWithdraw')}
            >
              <Checkbox.Group
                value={field.value}
                onChange={(v) => field.onChange(v as ApiKeyPermission[])}
                options={[
                  { value: 'read', label: <span data-testid="api-key-perm-read">{t('apiKeys.read')}</span> },
                  {
                    value: 'trade',
                    label: <span data-testid="api-key-perm-trade">{t('apiKeys.trade')}</span>,
                  },
                ]}
              />
            </Form.Item>
          )}
        />
        <Controller
          control={control}
          name="ips"
          render={({ field, fieldState }) => (
            <Form.Item
              label={t('apiKeys.ips')}
              htmlFor="api-key-ips"
              validateStatus={fieldState.error ? 'error' : undefined}
              help={fieldErrorText(
                (k) => i18n.t(k),
                (k) => i18n.exists(k),
                fieldState.error?.message,
              )}
              extra={t('apiKeys.ipsHint')}
            >
              <Input.TextArea id="api-key-ips" rows={2} {...field} data-testid="api-key-ips" />
            </Form.Item>
          )}
        />
        {needsGoogle ? <GoogleCodeInput control={control} name="googleCode" id="api-key-google" /> : null}
        <FormMessage type="error" message={formError} testId="api-key-error" />
        <Button
          type="primary"
          htmlType="submit"
          loading={formState.isSubmitting}
          data-testid="api-key-submit"
        >
          {t('apiKeys.create')}
        </Button>
      </Form>
    </form>
  );
}

export function ApiKeysPage() {
  const { t } = useTranslation('security');
  const formatTime = useFormatTime();
  const queryClient = useQueryClient();
  const keys = useQuery(apiKeysQuery());
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => deleteApiKey(id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: securityKeys.apiKeys() }),
  });
  const records = keys.data?.records ?? [];
  return (
    <div className="security-stack">
      <SectionCard title={t('apiKeys.title')} testId="api-keys">
        <p className="security-muted">{t('apiKeys.intro')}</p>
        <p className="security-muted" data-testid="api-keys-binance">
          {t('apiKeys.binance', {
            rest: `${window.location.origin}/binance/api/v3`,
            ws: `${window.location.origin.replace(/^http/, 'ws')}/binance/ws`,
          })}
        </p>
        {keys.isPending ? (
          <Skeleton active />
        ) : records.length === 0 ? (
          <Empty description={t('apiKeys.empty')} data-testid="api-keys-empty" />
        ) : (
          <List
            dataSource={records}
            data-testid="api-key-list"
            renderItem={(k) => (
              <List.Item
                data-testid="api-key-row"
                actions={[
                  <Popconfirm
                    key="del"
                    title={t('apiKeys.confirmDelete')}
                    okText={t('apiKeys.delete')}
                    cancelText={t('common.cancel')}
                    onConfirm={() => remove.mutate(k.id)}
                  >
                    <Button
                      danger
                      size="small"
                      loading={remove.isPending && remove.variables === k.id}
                      data-testid="api-key-delete"
                    >
                      {t('apiKeys.delete')}
                    </Button>
                  </Popconfirm>,
                ]}
              >
                <List.Item.Meta
                  title={
                    <Space wrap size={4}>
                      <span data-testid="api-key-label">{k.label}</span>
                      {k.permissions.map((p) => (
                        <Tag key={p} color={p === 'trade' ? 'orange' : 'blue'}>
                          {t(`apiKeys.${p}`)}
                        </Tag>
                      ))}
                    </Space>
                  }
                  description={
                    <div className="security-muted">
                      <Typography.Text code copyable className="security-secret" data-testid="api-key-value">
                        {k.apiKey}
                      </Typography.Text>
                      <div>
                        {k.ipAllowlist.length > 0
                          ? t('apiKeys.ipList', { ips: k.ipAllowlist.join(', ') })
                          : t('apiKeys.anyIp')}{' '}
                        · {formatTime(k.createTime)}
                      </div>
                    </div>
                  }
                />
              </List.Item>
            )}
          />
        )}
      </SectionCard>
      <SectionCard title={t('apiKeys.newTitle')} testId="api-key-create">
        <CreateKeyForm
          onCreated={(key) => {
            setCreated(key);
            void queryClient.invalidateQueries({ queryKey: securityKeys.apiKeys() });
          }}
        />
      </SectionCard>
      <Modal
        open={created !== null}
        title={t('apiKeys.createdTitle')}
        onCancel={() => setCreated(null)}
        maskClosable={false}
        footer={
          <Button type="primary" onClick={() => setCreated(null)} data-testid="api-key-created-close">
            {t('apiKeys.savedIt')}
          </Button>
        }
      >
        {created ? (
          <div data-testid="api-key-created">
            <Alert type="warning" showIcon title={t('apiKeys.secretOnce')} style={{ marginBottom: 16 }} />
            <div className="security-muted">{t('apiKeys.apiKey')}</div>
            <Typography.Paragraph code copyable className="security-secret" data-testid="api-key-created-key">
              {created.apiKey}
            </Typography.Paragraph>
            <div className="security-muted">{t('apiKeys.secret')}</div>
            <Typography.Paragraph
              code
              copyable
              className="security-secret"
              data-testid="api-key-created-secret"
            >
              {created.secretKey}
            </Typography.Paragraph>
          </div>
        ) : null}
      </Modal>
    </div>
  );
}
