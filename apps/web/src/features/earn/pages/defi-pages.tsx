// DeFi mining (spec sections 2 and 3, DESIGN section 1): /defis/index lists the pools (total output,
// nodes, participants, daily and single income, address); /defis/details?id= proves a wallet address
// with a signed sign-in message (never an allowance), states the one-time gas fee and stakes from the
// finance account.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Alert, Button, Empty, Form, Modal, Result, Select, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { useSessionStore } from '@/lib/session-store';
import { toast } from '@/lib/toast';
import { useNumberFormat } from '@/lib/use-number-format';
import { addressesQuery, joinPool } from '../api/defi-api';
import { earnKeys } from '../api/earn-keys';
import { financeBalanceQuery } from '../api/finance-balance';
import { defiPoolsQuery, productQuery } from '../api/products-api';
import { AmountInput, EarnCard, EarnHead, SignedInOnly, Stats, Summary } from '../components/earn-ui';
import { OrderList } from '../components/order-list';
import { useWalletProof } from '../hooks/use-wallet-proof';
import { estimatedRevenue, inRange } from '../lib/earn-math';
import type { DefiPool } from '../lib/earn-types';
import { isUserRejection } from '../lib/eip1193';

function PoolFigures({ p }: { p: DefiPool }) {
  const { t } = useTranslation('earn');
  const n = useNumberFormat();
  return (
    <Stats
      items={[
        {
          label: t('defi.totalOutput'),
          value: `${n.amount(p.totalOutput, p.decimals)} ${p.coin}`,
          testId: `defi-output-${p.id}`,
        },
        { label: t('defi.nodes'), value: p.nodes, testId: `defi-nodes-${p.id}` },
        { label: t('defi.participants'), value: p.participants, testId: `defi-participants-${p.id}` },
        { label: t('defi.dailyIncome'), value: n.rate(p.dailyRate) },
        { label: t('defi.singleIncome'), value: `${n.amount(p.singleIncome, p.decimals)} ${p.coin}` },
        { label: t('product.cycle'), value: t('product.days', { n: p.cycleDays }) },
        { label: t('defi.address'), value: <span className="earn-address">{p.poolAddress ?? '--'}</span> },
      ]}
    />
  );
}

export function DefiPoolsPage() {
  const { t } = useTranslation('earn');
  const { t: tr } = useTranslation('routes');
  const pools = useQuery(defiPoolsQuery());
  return (
    <div className="app-container earn-page" data-testid="defis-index">
      <EarnHead title={tr('pages.defisIndex.title')} subtitle={t('defi.subtitle')} />
      <Alert type="success" showIcon message={t('defi.noAllowance')} />
      {pools.isLoading ? <Skeleton active /> : null}
      {pools.data?.length === 0 ? <Empty description={t('product.none')} /> : null}
      <div className="earn-grid">
        {(pools.data ?? []).map((p) => (
          <EarnCard key={p.id} testId={`defi-pool-${p.id}`}>
            <div className="earn-product">
              <h2 className="earn-product__name">{p.name}</h2>
              <PoolFigures p={p} />
              <Link
                to="/defis/details"
                search={{ id: p.id }}
                className="app-link-button app-link-button--primary"
                data-testid={`defi-open-${p.id}`}
              >
                {t('defi.join')}
              </Link>
            </div>
          </EarnCard>
        ))}
      </div>
    </div>
  );
}

function WalletProof() {
  const { t } = useTranslation('earn');
  const { hasWallet, wallet, message, connect, prove } = useWalletProof();
  const errorOf = (e: unknown) =>
    isUserRejection(e) ? t('defi.declined') : isApiError(e) ? e.msg : t('defi.walletFailed');
  if (!hasWallet)
    return <Alert type="warning" showIcon message={t('defi.noWallet')} data-testid="defi-no-wallet" />;
  return (
    <div className="earn-page" style={{ padding: 0 }}>
      <p className="earn-muted">{t('defi.proofExplained')}</p>
      {wallet ? (
        <Summary
          rows={[
            {
              label: t('defi.wallet'),
              value: (
                <span className="earn-address" data-testid="defi-wallet-address">
                  {wallet.address}
                </span>
              ),
            },
            { label: t('defi.chain'), value: wallet.chainId },
          ]}
        />
      ) : (
        <Button onClick={() => connect.mutate()} loading={connect.isPending} data-testid="defi-connect">
          {t('defi.connect')}
        </Button>
      )}
      {wallet && !prove.isSuccess ? (
        <Button
          type="primary"
          onClick={() => prove.mutate()}
          loading={prove.isPending}
          data-testid="defi-prove"
        >
          {t('defi.prove')}
        </Button>
      ) : null}
      {message ? (
        <div>
          <div className="earn-stat__label">{t('defi.message')}</div>
          <pre className="earn-message" data-testid="defi-message">
            {message}
          </pre>
        </div>
      ) : null}
      {prove.isSuccess ? (
        <Alert type="success" showIcon message={t('defi.proven')} data-testid="defi-proven" />
      ) : null}
      {connect.error ? <Alert type="error" showIcon message={errorOf(connect.error)} /> : null}
      {prove.error ? (
        <Alert type="error" showIcon message={errorOf(prove.error)} data-testid="defi-prove-error" />
      ) : null}
    </div>
  );
}

function StakeForm({ pool }: { pool: DefiPool }) {
  const { t } = useTranslation('earn');
  const n = useNumberFormat();
  const qc = useQueryClient();
  const addresses = useQuery(addressesQuery());
  const balance = useQuery(financeBalanceQuery(pool.coin));
  const gasBalance = useQuery(financeBalanceQuery(pool.gasAsset));
  const [address, setAddress] = useState<string>();
  const [amount, setAmount] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [attempt, setAttempt] = useState(() => crypto.randomUUID());
  const chosen = addresses.data?.find((a) => a.address === address) ?? addresses.data?.[0];
  const range = inRange(amount, pool.minAmount, pool.maxAmount);
  const daily = estimatedRevenue(amount, pool.dailyRate, 1, pool.decimals);
  const gas = chosen?.gasPaid ? '0' : pool.gasFee;
  const run = useMutation({
    mutationFn: () => joinPool(pool.id, amount, chosen?.address ?? '', attempt),
    onSuccess: () => {
      toast.success(t('defi.joined'));
      setConfirming(false);
      setAmount('');
      setAttempt(crypto.randomUUID());
      void qc.invalidateQueries({ queryKey: earnKeys.all });
    },
    onError: (e) => {
      if (isApiError(e) && e.kind === 'response') setAttempt(crypto.randomUUID());
    },
  });
  if (addresses.data?.length === 0)
    return (
      <p className="earn-muted" data-testid="defi-need-proof">
        {t('defi.needProof')}
      </p>
    );
  return (
    <Form layout="vertical" className="earn-form" onFinish={() => setConfirming(true)}>
      <Form.Item label={t('defi.stakeAddress')} required>
        <Select
          value={chosen?.address}
          onChange={setAddress}
          data-testid="defi-stake-address"
          options={(addresses.data ?? []).map((a) => ({ value: a.address, label: a.address }))}
        />
      </Form.Item>
      <Form.Item
        label={t('defi.stakeAmount')}
        required
        extra={t('subscribe.available', {
          amount: n.amount(balance.data ?? '0', pool.decimals),
          coin: pool.coin,
        })}
      >
        <AmountInput
          value={amount}
          onChange={setAmount}
          decimals={pool.decimals}
          suffix={pool.coin}
          testId="defi-stake-amount"
        />
      </Form.Item>
      <Summary
        rows={[
          {
            label: t('subscribe.range'),
            value: `${n.amount(pool.minAmount, pool.decimals)} – ${n.amount(pool.maxAmount, pool.decimals)} ${pool.coin}`,
          },
          {
            label: t('defi.dailyEstimate'),
            value: daily ? `${n.amount(daily, pool.decimals)} ${pool.coin}` : '--',
          },
          {
            label: t('defi.gasFee'),
            value: chosen?.gasPaid ? t('defi.gasPaid') : `${n.amount(pool.gasFee, 8)} ${pool.gasAsset}`,
            testId: 'defi-gas-fee',
          },
          {
            label: t('defi.gasBalance', { coin: pool.gasAsset }),
            value: n.amount(gasBalance.data ?? '0', 8),
          },
        ]}
      />
      <p className="earn-muted">{t('defi.gasExplained')}</p>
      <Button
        type="primary"
        htmlType="submit"
        block
        disabled={range !== 'ok' || !chosen}
        data-testid="defi-stake-submit"
      >
        {t('defi.stake')}
      </Button>
      {confirming ? (
        <Modal
          open
          title={t('defi.confirmTitle')}
          okText={t('defi.confirmStake')}
          cancelText={t('common.cancel')}
          onCancel={() => setConfirming(false)}
          onOk={() => run.mutate()}
          okButtonProps={{ loading: run.isPending, ...{ 'data-testid': 'defi-stake-confirm' } }}
        >
          <Summary
            rows={[
              { label: t('defi.stakeAmount'), value: `${n.amount(amount, pool.decimals)} ${pool.coin}` },
              {
                label: t('defi.gasFee'),
                value: `${n.amount(gas, 8)} ${pool.gasAsset}`,
                testId: 'defi-confirm-gas',
              },
              {
                label: t('defi.stakeAddress'),
                value: <span className="earn-address">{chosen?.address}</span>,
              },
            ]}
          />
          <p className="earn-muted">{t('defi.noAllowance')}</p>
          {run.error && isApiError(run.error) ? (
            <Alert type="error" showIcon message={run.error.msg} data-testid="defi-stake-error" />
          ) : null}
        </Modal>
      ) : null}
    </Form>
  );
}

export function DefiPoolPage({ id }: { id: string | undefined }) {
  const { t } = useTranslation('earn');
  const { t: tr } = useTranslation('routes');
  const isLogin = useSessionStore((s) => s.isLogin);
  const product = useQuery({ ...productQuery(id ?? '0', isLogin), enabled: id !== undefined });
  const pool = product.data?.kind === 'defi' ? product.data : undefined;
  return (
    <div className="app-container earn-page" data-testid="defis-details">
      <EarnHead
        title={tr('pages.defisDetails.title')}
        subtitle={pool?.name}
        links={
          <Link to="/defis/index" className="app-link-button">
            {t('defi.pools')}
          </Link>
        }
      />
      {id === undefined || product.isError || (product.data && !pool) ? (
        <Result status="404" title={t('product.notFound')} />
      ) : null}
      {product.isLoading ? <Skeleton active /> : null}
      <Alert type="success" showIcon message={t('defi.noAllowance')} />
      {pool ? (
        <>
          <EarnCard title={t('defi.pool')}>
            <PoolFigures p={pool} />
          </EarnCard>
          <SignedInOnly>
            <div className="earn-two-columns">
              <EarnCard title={t('defi.proofTitle')} testId="defi-proof">
                <WalletProof />
              </EarnCard>
              <EarnCard title={t('defi.stakeTitle')} testId="defi-stake">
                <StakeForm pool={pool} />
              </EarnCard>
            </div>
            <EarnCard title={t('defi.myStakes')}>
              <OrderList kind="defi" />
            </EarnCard>
          </SignedInOnly>
        </>
      ) : null}
    </div>
  );
}
