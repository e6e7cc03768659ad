// /account/center/device-management (account activity): the signed-in devices, each with "log out this
// device" (its session is revoked at once: its token stops working and its live connections close), and
// the login log, newest first.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Button, List, Popconfirm, Skeleton, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatTime } from '@/lib/format-time';
import { useSessionStore } from '@/lib/session-store';
import { toast } from '@/lib/toast';
import {
  type Device,
  devicesQuery,
  LOGIN_LOG_PAGE_SIZE,
  type LoginLogRecord,
  loginLogQuery,
  logOutDevice,
} from '../api/devices';
import { securityKeys } from '../api/security-keys';
import { SectionCard } from '../components/security-ui';

function DeviceList() {
  const { t } = useTranslation('security');
  const formatTime = useFormatTime();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const devices = useQuery(devicesQuery());
  const logOut = useMutation({
    mutationFn: (device: Device) => logOutDevice(device.id),
    onSuccess: (_data, device) => {
      toast.success(t('devices.loggedOut'));
      if (device.current) {
        useSessionStore.getState().clear();
        void navigate({ to: '/user/login', replace: true });
        return;
      }
      void queryClient.invalidateQueries({ queryKey: securityKeys.devices() });
    },
    // The API client shows the error toast.
  });
  if (devices.isPending) return <Skeleton active />;
  return (
    <List
      dataSource={devices.data ?? []}
      data-testid="device-list"
      renderItem={(device) => (
        <List.Item
          data-testid="device-row"
          data-current={device.current ? 'true' : 'false'}
          actions={[
            <Popconfirm
              key="logout"
              title={device.current ? t('devices.confirmCurrent') : t('devices.confirm')}
              okText={t('devices.logOut')}
              cancelText={t('common.cancel')}
              onConfirm={() => logOut.mutate(device)}
            >
              <Button
                danger
                size="small"
                loading={logOut.isPending && logOut.variables?.id === device.id}
                data-testid="device-logout"
              >
                {t('devices.logOut')}
              </Button>
            </Popconfirm>,
          ]}
        >
          <List.Item.Meta
            title={
              <span className="security-item__title">
                <span data-testid="device-name">{device.deviceName}</span>
                {device.current ? <Tag color="processing">{t('devices.current')}</Tag> : null}
              </span>
            }
            description={
              <span className="security-muted">
                {t('devices.meta', {
                  ip: device.ip,
                  lastSeen: formatTime(device.lastSeenTime),
                  since: formatTime(device.createTime),
                })}
              </span>
            }
          />
        </List.Item>
      )}
    />
  );
}

function LoginLog() {
  const { t } = useTranslation('security');
  const formatTime = useFormatTime();
  const [page, setPage] = useState(1);
  const log = useQuery(loginLogQuery(page));
  return (
    <Table<LoginLogRecord>
      size="small"
      rowKey="id"
      loading={log.isPending}
      dataSource={log.data?.records ?? []}
      scroll={{ x: 560 }}
      data-testid="login-log"
      pagination={{
        current: page,
        pageSize: LOGIN_LOG_PAGE_SIZE,
        total: log.data?.total ?? 0,
        onChange: setPage,
        showSizeChanger: false,
      }}
      columns={[
        { title: t('log.time'), dataIndex: 'createTime', render: (v: string) => formatTime(v) },
        { title: t('log.device'), dataIndex: 'deviceName' },
        { title: t('log.ip'), dataIndex: 'ip' },
        {
          title: t('log.result'),
          dataIndex: 'success',
          render: (ok: boolean, row) =>
            ok ? (
              <Tag color="success">{t('log.ok')}</Tag>
            ) : (
              <Tag color="error">
                {t(`log.reasons.${row.reason ?? 'other'}`, { defaultValue: t('log.failed') })}
              </Tag>
            ),
        },
      ]}
    />
  );
}

export function DeviceManagementPage() {
  const { t } = useTranslation('security');
  return (
    <div className="security-stack">
      <SectionCard title={t('devices.title')} testId="device-management">
        <p className="security-muted">{t('devices.intro')}</p>
        <DeviceList />
      </SectionCard>
      <SectionCard title={t('log.title')} testId="login-log-card">
        <LoginLog />
      </SectionCard>
    </div>
  );
}
