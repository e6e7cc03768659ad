// Identity certification review (admin and reviewer; docs/identity.md): the queue of primary and advanced
// requests, and one request opened beside its photos (front, back, holding) with the full ID number and,
// for an advanced request, the primary data it builds on. Opening a request and every decision are
// audit-logged by the server. Approve after looking; reject with the reason the user will read.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Descriptions,
  Drawer,
  Input,
  Segmented,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { HTMLAttributes } from 'react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatTime } from '@/lib/format-time';
import { adminBlobUrl } from '../api/admin-client';
import {
  approveKyc,
  identityAdminKeys,
  type KycDetail,
  type KycRow,
  kycDetail,
  listKyc,
  rejectKyc,
} from '../api/identity-admin-api';
import { ApprovalBlockNote } from '../components/approval-block-note';
import { RejectDialog } from '../components/reject-dialog';
import { serverPages } from '../lib/table-pages';
import { useApprovalRights } from '../lib/use-approval-rights';

const STATUS = { 0: ['pending', 'gold'], 1: ['passed', 'green'], 2: ['failed', 'red'] } as const;

function StatusTag({ status }: { status: 0 | 1 | 2 }) {
  const { t } = useTranslation('adminIdentity');
  const [key, color] = STATUS[status];
  return (
    <Tag color={color} data-testid="kyc-status" data-status={status}>
      {t(`status.${key}`)}
    </Tag>
  );
}

/** An uploaded photo fetched with the operator token (uploads are private). */
function Photo({ link, label, testId }: { link: string; label: string; testId: string }) {
  const { t } = useTranslation('adminIdentity');
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let made: string | null = null;
    let live = true;
    adminBlobUrl(link).then(
      (u) => {
        made = u;
        if (live) setUrl(u);
        else URL.revokeObjectURL(u);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [link]);
  return (
    <figure className="admin-kyc-photo" data-testid={testId}>
      {url ? (
        <a href={url} target="_blank" rel="noreferrer">
          <img src={url} alt={label} />
        </a>
      ) : failed ? (
        <span>{t('photoFailed')}</span>
      ) : (
        <Skeleton.Image active />
      )}
      <figcaption>{label}</figcaption>
    </figure>
  );
}

function Detail({ id, onDone }: { id: string; onDone: (text: string) => void }) {
  const { t } = useTranslation('adminIdentity');
  const fmt = useFormatTime();
  const rights = useApprovalRights();
  const [rejecting, setRejecting] = useState(false);
  const query = useQuery({ queryKey: identityAdminKeys.kycDetail(id), queryFn: () => kycDetail(id) });
  const approve = useMutation({ mutationFn: () => approveKyc(id), onSuccess: () => onDone(t('approved')) });
  const reject = useMutation({
    mutationFn: (reason: string) => rejectKyc(id, reason),
    onSuccess: () => {
      setRejecting(false);
      onDone(t('rejected'));
    },
  });
  if (query.isLoading || !query.data) return <Skeleton active />;
  const d: KycDetail = query.data;
  const primary = d.level === 'primary' ? d : d.primary;
  const block = rights.blockFor(undefined);
  return (
    <div data-testid="kyc-detail">
      <Descriptions
        bordered
        size="small"
        column={1}
        items={[
          { key: 'user', label: t('cols.user'), children: `${d.account} (#${d.userId})` },
          { key: 'level', label: t('cols.level'), children: t(`levels.${d.level}`) },
          { key: 'status', label: t('cols.status'), children: <StatusTag status={d.status} /> },
          { key: 'name', label: t('fields.name'), children: primary?.name ?? '—' },
          {
            key: 'country',
            label: t('fields.country'),
            children: primary?.country ? t(`countries.${primary.country}`) : '—',
          },
          {
            key: 'card',
            label: t('fields.cardType'),
            children: primary?.cardType ? t(`cardTypes.${primary.cardType}`) : '—',
          },
          {
            key: 'id',
            label: t('fields.idNumber'),
            children: (
              <span className="admin-mono" data-testid="kyc-id-number">
                {d.idNumberFull ?? '—'}
              </span>
            ),
          },
          { key: 'time', label: t('cols.time'), children: fmt(d.createTime) },
          ...(d.reason ? [{ key: 'reason', label: t('fields.reason'), children: d.reason }] : []),
        ]}
      />
      {d.level === 'advanced' ? (
        <div className="admin-kyc-photos" data-testid="kyc-photos">
          {(['front', 'back', 'hold'] as const).map((p) => {
            const link = d[p];
            return link ? (
              <Photo key={p} link={link} label={t(`photos.${p}`)} testId={`kyc-photo-${p}`} />
            ) : null;
          })}
        </div>
      ) : null}
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        {t('auditedNote')}
      </Typography.Paragraph>
      {d.status === 0 ? (
        <Space wrap>
          {block ? (
            <ApprovalBlockNote id={d.id} block={block} mayApproveFrom={rights.mayApproveFrom} selfText="" />
          ) : (
            <Button
              type="primary"
              loading={approve.isPending}
              onClick={() => approve.mutate()}
              data-testid="kyc-approve"
            >
              {t('approve')}
            </Button>
          )}
          <Button danger onClick={() => setRejecting(true)} data-testid="kyc-reject">
            {t('reject')}
          </Button>
        </Space>
      ) : null}
      <RejectDialog
        open={rejecting}
        title={t('rejectTitle')}
        busy={reject.isPending}
        onConfirm={(reason) => reject.mutate(reason)}
        onCancel={() => setRejecting(false)}
      />
    </div>
  );
}

export function KycReviewPage() {
  const { t } = useTranslation('adminIdentity');
  const { t: ta } = useTranslation('admin');
  const fmt = useFormatTime();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [status, setStatus] = useState('0');
  const [level, setLevel] = useState('all');
  const [keyword, setKeyword] = useState('');
  const [current, setCurrent] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const query = useQuery({
    queryKey: identityAdminKeys.kyc(status, level, keyword, current),
    queryFn: () => listKyc({ status, level, keyword, current }),
    placeholderData: keepPreviousData,
  });
  const done = (text: string) => {
    message.success(text);
    setOpen(null);
    void qc.invalidateQueries({ queryKey: ['admin', 'kyc'] });
  };
  return (
    <section>
      <div className="admin-page-head">
        <Typography.Title level={3}>{ta('nav.kyc')}</Typography.Title>
        <Space wrap>
          <Segmented
            value={status}
            onChange={(v) => {
              setStatus(String(v));
              setCurrent(1);
            }}
            options={[
              { value: '0', label: t('status.pending') },
              { value: '1', label: t('status.passed') },
              { value: '2', label: t('status.failed') },
              { value: 'all', label: t('all') },
            ]}
          />
          <Segmented
            value={level}
            onChange={(v) => {
              setLevel(String(v));
              setCurrent(1);
            }}
            options={[
              { value: 'all', label: t('all') },
              { value: 'primary', label: t('levels.primary') },
              { value: 'advanced', label: t('levels.advanced') },
            ]}
          />
          <Input.Search
            allowClear
            className="admin-search"
            placeholder={t('search')}
            data-testid="kyc-search"
            onSearch={(v) => {
              // The same search again means "refresh" (new requests arrive while the page is open).
              if (v.trim() === keyword && current === 1) void query.refetch();
              setKeyword(v.trim());
              setCurrent(1);
            }}
          />
        </Space>
      </div>
      <Table<KycRow>
        rowKey="id"
        loading={query.isLoading}
        dataSource={query.data?.records ?? []}
        scroll={{ x: 'max-content' }}
        onRow={(r) => ({ 'data-testid': `kyc-row-${r.id}` }) as HTMLAttributes<HTMLElement>}
        pagination={serverPages(current, query.data?.total, setCurrent)}
        locale={{ emptyText: t('empty') }}
        columns={[
          { title: t('cols.id'), dataIndex: 'id', width: 70 },
          { title: t('cols.user'), render: (_, r) => `${r.account} (#${r.userId})` },
          { title: t('cols.level'), dataIndex: 'level', render: (v: KycRow['level']) => t(`levels.${v}`) },
          { title: t('fields.name'), dataIndex: 'name' },
          {
            title: t('cols.status'),
            dataIndex: 'status',
            render: (v: KycRow['status']) => <StatusTag status={v} />,
          },
          {
            title: t('cols.time'),
            dataIndex: 'createTime',
            render: (v: string) => <span className="admin-nowrap">{fmt(v)}</span>,
          },
          {
            title: t('cols.action'),
            render: (_, r) => (
              <Button
                size="small"
                type={r.status === 0 ? 'primary' : 'default'}
                onClick={() => setOpen(r.id)}
                data-testid={`kyc-open-${r.id}`}
              >
                {r.status === 0 ? t('review') : t('view')}
              </Button>
            ),
          },
        ]}
      />
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        title={t('detailTitle')}
        size={Math.min(760, window.innerWidth)}
        destroyOnHidden
      >
        {open ? <Detail id={open} onDone={done} /> : null}
      </Drawer>
    </section>
  );
}
