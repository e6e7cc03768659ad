// Deposit: pick a coin (and network), show the user's address with a QR code and a copy button. While the
// server runs the simulated chain, the address is labelled as simulated and a clearly marked demo button
// sends a simulated incoming transfer, credited by the normal deposit path after its confirmations.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Skeleton, Space } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useNumberFormat } from '@/lib/use-number-format';
import { demoDeposit } from '../api/demo-deposit';
import { depositAddressQuery } from '../api/get-deposit-address';
import { walletKeys } from '../api/wallet-keys';
import { useCoinChoice } from '../hooks/use-coin-choice';
import { checkAmount, type FormError } from '../lib/wallet-forms';
import { copyText } from './copy-value';
import { AmountInput, CoinField, Field, NetworkField, newIdempotencyKey, WalletCard } from './wallet-ui';

// The same QR library as the app-download code, loaded with this screen only.
const QRCodeSVG = lazy(() => import('qrcode.react').then((m) => ({ default: m.QRCodeSVG })));

export function DepositPanel() {
  const { t } = useTranslation('wallet');
  const fmt = useNumberFormat();
  const queryClient = useQueryClient();
  const { coin, setCoin, asset, coins } = useCoinChoice((a) => a.depositEnabled);
  const [network, setNetwork] = useState<string | undefined>(undefined);
  const networks = asset?.networks ?? [];
  const chosenNetwork = networks.some((n) => n.network === network) ? network : networks[0]?.network;
  const address = useQuery(depositAddressQuery(coin, chosenNetwork));
  const [demoAmount, setDemoAmount] = useState('');
  const [demoError, setDemoError] = useState<FormError | undefined>(undefined);
  const [demoSending, setDemoSending] = useState(false);
  const [demoSent, setDemoSent] = useState<string | null>(null);

  const copy = async () => {
    if (!address.data) return;
    if (await copyText(address.data.address)) toast.success(t('deposit.copySuccess'));
    else toast.error(t('deposit.copyFailed'));
  };

  const sendDemo = async () => {
    if (!asset) return;
    const check = checkAmount(demoAmount, { decimals: asset.decimals });
    if (!check.ok) {
      setDemoError(check.error);
      return;
    }
    setDemoError(undefined);
    setDemoSending(true);
    try {
      const result = await demoDeposit({ coin, amount: demoAmount }, newIdempotencyKey());
      setDemoSent(
        t('deposit.demoSent', {
          amount: fmt.amount(result.amount, asset.decimals),
          coin: result.coin,
          required: result.requiredConfirmations,
        }),
      );
      setDemoAmount('');
      void queryClient.invalidateQueries({ queryKey: walletKeys.records() });
    } catch (e) {
      toast.error(isApiError(e) ? e.msg : t('errors.generic'));
    } finally {
      setDemoSending(false);
    }
  };

  return (
    <WalletCard title={t('deposit.title')} testId="deposit-panel">
      <Form layout="vertical" component={false}>
        <div className="wallet-form">
          <CoinField id="deposit-coin" value={coin} coins={coins} onChange={setCoin} />
          <NetworkField
            id="deposit-network"
            networks={networks}
            value={chosenNetwork}
            onChange={setNetwork}
          />
        </div>
      </Form>
      {address.isLoading ? <Skeleton active /> : null}
      {address.error ? (
        // e.g. a network the server's real chain does not carry (another network of the coin may).
        <Alert
          type="info"
          showIcon
          title={isApiError(address.error) ? address.error.msg : t('errors.generic')}
          data-testid="deposit-unavailable"
        />
      ) : null}
      {address.data ? (
        <>
          {address.data.simulated ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              title={t('deposit.simulatedTitle')}
              description={t('deposit.simulatedNote', { chain: address.data.chain })}
              data-testid="deposit-simulated"
            />
          ) : null}
          <div className="wallet-address">
            <div className="wallet-address__qr" data-testid="deposit-qr">
              <Suspense fallback={<div style={{ width: 148, height: 148 }} />}>
                <QRCodeSVG value={address.data.address} size={148} />
              </Suspense>
            </div>
            <div style={{ flex: 1, minWidth: 240 }}>
              <div className="wallet-total__label">
                {t('deposit.address', { coin: address.data.coin, network: address.data.network })}
              </div>
              <p className="wallet-address__text" data-testid="deposit-address">
                {address.data.address}
              </p>
              <Button onClick={() => void copy()} data-testid="deposit-copy">
                {t('deposit.copy')}
              </Button>
              <p className="wallet-text" style={{ marginTop: 12 }}>
                {t('deposit.confirmations', {
                  required: address.data.confirmations,
                  coin: address.data.coin,
                })}
              </p>
            </div>
          </div>
          {address.data.simulated && asset ? (
            <div className="wallet-summary" data-testid="demo-funding">
              <p style={{ marginTop: 0 }}>
                <strong>{t('deposit.demoTitle')}</strong>
              </p>
              <p className="wallet-text">{t('deposit.demoNote')}</p>
              <Form layout="vertical" component={false}>
                <Field
                  label={t('deposit.demoAmount', { coin })}
                  htmlFor="demo-amount"
                  error={demoError}
                  testId="demo-amount"
                >
                  <Space.Compact style={{ width: '100%', maxWidth: 420 }}>
                    <AmountInput
                      id="demo-amount"
                      value={demoAmount}
                      decimals={asset.decimals}
                      onChange={setDemoAmount}
                      suffix={coin}
                      testId="demo-amount"
                    />
                    <Button
                      type="primary"
                      loading={demoSending}
                      onClick={() => void sendDemo()}
                      data-testid="demo-submit"
                    >
                      {t('deposit.demoSubmit')}
                    </Button>
                  </Space.Compact>
                </Field>
              </Form>
              {demoSent ? <Alert type="success" showIcon title={demoSent} data-testid="demo-sent" /> : null}
            </div>
          ) : null}
        </>
      ) : null}
    </WalletCard>
  );
}
