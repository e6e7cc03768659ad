// The user centre's "Audit" section (/user/index?key=audit): the latest published liabilities snapshot,
// the in-browser check that each of the user's balances is included in its asset's published root (Web
// Crypto, the shared verifier), a download of the proof for the standalone script, the published roots
// with the system accounts they sum to zero with, and reserves — stated plainly as outside the platform's
// reach in the embedded demo, the simulated chain's holdings labelled simulated.
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Empty, Skeleton, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { useFormatTime } from '@/lib/format-time';
import { useSessionStore } from '@/lib/session-store';
import { latestSnapshotQuery, myProofsQuery } from '../api/liabilities-api';
import { browserHash, checkProofs, type ProofCheck } from '../lib/check-proofs';
import type { AssetRoot, Snapshot, UserProofs } from '../lib/liabilities-types';
import './audit-panel.css';

/** Web Crypto's SHA-256, or undefined outside a secure context (it does not change while the page lives). */
const hash = browserHash();

function short(digest: string): string {
  return `${digest.slice(0, 10)}…${digest.slice(-6)}`;
}

function download(proofs: UserProofs): void {
  const blob = new Blob([JSON.stringify(proofs, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `liabilities-proof-${proofs.snapshot.id}.json`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function ProofCheckSection({ snapshot }: { snapshot: Snapshot }) {
  const { t } = useTranslation('liabilities');
  const userId = useSessionStore((s) => s.userInfo?.id);
  const proofs = useQuery(myProofsQuery(snapshot.id));
  const [checks, setChecks] = useState<ProofCheck[] | undefined>();

  useEffect(() => {
    setChecks(undefined);
    if (!proofs.data || !userId || !hash) return;
    let live = true;
    void checkProofs(snapshot, proofs.data, userId, hash).then((r) => {
      if (live) setChecks(r);
    });
    return () => {
      live = false;
    };
  }, [snapshot, proofs.data, userId]);

  if (proofs.isLoading) return <Skeleton active />;
  if (proofs.isError || !proofs.data) return <Alert type="error" showIcon message={t('loadFailed')} />;
  const data = proofs.data;
  if (data.proofs.length === 0) {
    return <Alert type="info" showIcon message={t('check.none')} data-testid="audit-check-none" />;
  }
  const allOk = checks?.every((c) => c.ok) ?? false;
  return (
    <>
      {!hash ? (
        <Alert type="warning" showIcon message={t('check.noCrypto')} data-testid="audit-check-nocrypto" />
      ) : checks === undefined ? (
        <Alert type="info" showIcon message={t('check.running')} />
      ) : (
        <Alert
          type={allOk ? 'success' : 'error'}
          showIcon
          message={allOk ? t('check.included') : t('check.notIncluded')}
          data-testid="audit-check-result"
          data-ok={String(allOk)}
        />
      )}
      <Table<ProofCheck | { asset: string; balance: string; ok?: undefined }>
        className="audit-gap"
        rowKey="asset"
        size="small"
        pagination={false}
        dataSource={checks ?? data.proofs.map((p) => ({ asset: p.asset, balance: p.balance }))}
        columns={[
          { title: t('check.asset'), dataIndex: 'asset' },
          { title: t('check.balance'), dataIndex: 'balance', align: 'right' },
          {
            title: t('check.result'),
            render: (_, c) =>
              c.ok === undefined ? (
                '…'
              ) : c.ok ? (
                <Tag color="success" data-testid={`audit-check-${c.asset}`}>
                  {t('check.ok')}
                </Tag>
              ) : (
                <Tag color="error" data-testid={`audit-check-${c.asset}`}>
                  {t(`check.reasons.${c.reason}`)}
                </Tag>
              ),
          },
        ]}
      />
      <div className="audit-gap">
        <Button onClick={() => download(data)} data-testid="audit-download">
          {t('check.download')}
        </Button>
        <Typography.Paragraph type="secondary" className="audit-gap">
          {t('check.howTo')}{' '}
          <code>node verify-liabilities-proof.mjs liabilities-proof-{data.snapshot.id}.json</code>
        </Typography.Paragraph>
      </div>
    </>
  );
}

function RootsTable({ snapshot }: { snapshot: Snapshot }) {
  const { t } = useTranslation('liabilities');
  return (
    <Table<AssetRoot>
      rowKey="asset"
      size="small"
      pagination={false}
      scroll={{ x: 720 }}
      dataSource={snapshot.assets}
      data-testid="audit-roots"
      columns={[
        { title: t('roots.asset'), dataIndex: 'asset', width: 90 },
        { title: t('roots.userTotal'), dataIndex: 'userTotal', align: 'right' },
        {
          title: t('roots.systemTotal'),
          align: 'right',
          render: (_, r) => (
            <span
              title={r.system
                .map((s) => `${t(`system.${s.name}`, { defaultValue: s.name })} ${s.balance}`)
                .join('\n')}
            >
              {r.systemTotal}
            </span>
          ),
        },
        {
          title: t('roots.zeroSum'),
          width: 90,
          render: (_, r) =>
            r.balanced ? (
              <Tag color="success">{t('roots.balanced')}</Tag>
            ) : (
              <Tag color="error">{t('roots.unbalanced')}</Tag>
            ),
        },
        { title: t('roots.leaves'), dataIndex: 'leaves', align: 'right', width: 90 },
        {
          title: t('roots.rootHash'),
          render: (_, r) =>
            r.rootHash ? (
              <Typography.Text className="audit-mono" copyable={{ text: r.rootHash }}>
                {short(r.rootHash)}
              </Typography.Text>
            ) : (
              '—'
            ),
        },
      ]}
      expandable={{
        rowExpandable: (r) => r.system.length > 0,
        expandedRowRender: (r) => (
          <ul className="audit-system">
            {r.system.map((s) => (
              <li key={s.name}>
                {t(`system.${s.name}`, { defaultValue: s.name })}:{' '}
                <span className="audit-mono">{s.balance}</span>
              </li>
            ))}
          </ul>
        ),
      }}
    />
  );
}

function Reserves({ snapshot }: { snapshot: Snapshot }) {
  const { t } = useTranslation('liabilities');
  return (
    <section data-testid="audit-reserves">
      <Typography.Title level={5}>{t('reserves.title')}</Typography.Title>
      <Alert type="warning" showIcon message={t('reserves.notice')} />
      {snapshot.reserves ? (
        <Table
          className="audit-gap"
          rowKey="asset"
          size="small"
          pagination={false}
          dataSource={snapshot.reserves.assets}
          columns={[
            { title: t('reserves.asset'), dataIndex: 'asset' },
            { title: t('reserves.amount'), dataIndex: 'amount', align: 'right' },
            {
              title: '',
              render: () => <Tag color="orange">{t('reserves.simulated')}</Tag>,
            },
          ]}
        />
      ) : (
        <Typography.Paragraph type="secondary" className="audit-gap">
          {t('reserves.noneNotice')}
        </Typography.Paragraph>
      )}
    </section>
  );
}

export function AuditPanel() {
  const { t } = useTranslation('liabilities');
  const fmt = useFormatTime();
  const latest = useQuery(latestSnapshotQuery());

  if (latest.isLoading) return <Skeleton active />;
  if (latest.isError || !latest.data) {
    const none = isApiError(latest.error) && latest.error.errorCode === 'LIABILITY_SNAPSHOT_NOT_FOUND';
    return none ? (
      <Empty description={t('noSnapshot')} data-testid="audit-no-snapshot" />
    ) : (
      <Alert type="error" showIcon message={t('loadFailed')} />
    );
  }
  const snapshot = latest.data;
  return (
    <div className="audit-panel" data-testid="audit-panel">
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <Typography.Title level={5}>{t('snapshot.title')}</Typography.Title>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        bordered
        data-testid="audit-snapshot"
        data-id={snapshot.id}
      >
        <Descriptions.Item label={t('snapshot.takenAt')}>{fmt(snapshot.takenAt)}</Descriptions.Item>
        <Descriptions.Item label={t('snapshot.kind')}>
          {t(`snapshot.kinds.${snapshot.kind}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('snapshot.coreSeq')}>
          <span data-testid="audit-core-seq">{snapshot.coreSeq}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('snapshot.users')}>{snapshot.users}</Descriptions.Item>
        <Descriptions.Item label={t('snapshot.stateHash')} span={2}>
          <Typography.Text className="audit-mono" copyable={{ text: snapshot.stateHash }}>
            {short(snapshot.stateHash)}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>

      <Typography.Title level={5} className="audit-gap">
        {t('check.title')}
      </Typography.Title>
      <ProofCheckSection snapshot={snapshot} />

      <Typography.Title level={5} className="audit-gap">
        {t('roots.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('roots.explain')}</Typography.Paragraph>
      <RootsTable snapshot={snapshot} />

      <div className="audit-gap" />
      <Reserves snapshot={snapshot} />
    </div>
  );
}
