// Manual recharge (spec sections 2 and 5): coin type, amount ("Must be a numerical value"), a required
// payment screenshot; an operator reviews it. Success says "Info submitted and under review".
import { useQueryClient } from '@tanstack/react-query';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { submitRecharge } from '../api/submit-recharge';
import { walletKeys } from '../api/wallet-keys';
import { useCoinChoice } from '../hooks/use-coin-choice';
import { type FieldErrors, hasErrors, type RechargeField, validateRecharge } from '../lib/wallet-forms';
import { ScreenshotUpload } from './screenshot-upload';
import { AmountInput, CoinField, Field, newIdempotencyKey, SubmitRow, WalletCard } from './wallet-ui';

export function RechargeForm() {
  const { t } = useTranslation('wallet');
  const queryClient = useQueryClient();
  const { coin, setCoin, asset, coins } = useCoinChoice((a) => a.depositEnabled);
  const [amount, setAmount] = useState('');
  const [screenshot, setScreenshot] = useState('');
  const [remark, setRemark] = useState('');
  const [errors, setErrors] = useState<FieldErrors<RechargeField>>({});
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const decimals = asset?.decimals ?? 8;

  const submit = async () => {
    const found = validateRecharge({ coin, amount, screenshot }, decimals);
    setErrors(found);
    setFormError(null);
    if (hasErrors(found)) return;
    setSubmitting(true);
    try {
      await submitRecharge(
        { coin, amount, screenshot, ...(remark.trim() ? { remark: remark.trim() } : {}) },
        newIdempotencyKey(),
      );
      toast.success(t('recharge.submitted'));
      setAmount('');
      setScreenshot('');
      setRemark('');
      void queryClient.invalidateQueries({ queryKey: walletKeys.records() });
    } catch (e) {
      const field = isApiError(e) ? e.errors[0] : undefined;
      if (field && (field.field === 'amount' || field.field === 'screenshot' || field.field === 'coin')) {
        setErrors({ [field.field]: { key: 'form.server', values: { message: field.message } } });
      } else {
        setFormError(isApiError(e) ? e.msg : t('errors.generic'));
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <WalletCard title={t('recharge.title')} testId="recharge-form">
      <p className="wallet-text">{t('recharge.intro')}</p>
      <Form layout="vertical" component={false}>
        <div className="wallet-form">
          <CoinField
            id="recharge-coin"
            value={coin}
            coins={coins}
            onChange={setCoin}
            error={errors.coin}
            required
          />
          <Field
            label={t('form.amount')}
            htmlFor="recharge-amount"
            error={errors.amount}
            required
            testId="recharge-amount"
          >
            <AmountInput
              id="recharge-amount"
              value={amount}
              decimals={decimals}
              onChange={setAmount}
              suffix={coin}
              testId="recharge-amount"
            />
          </Field>
          <Field
            label={t('recharge.screenshot')}
            error={uploadError ? { key: 'form.server', values: { message: uploadError } } : errors.screenshot}
            required
            extra={t('upload.hint')}
            testId="recharge-screenshot"
          >
            <ScreenshotUpload
              value={screenshot}
              onChange={(link) => {
                setScreenshot(link);
                if (link) setErrors((e) => ({ ...e, screenshot: undefined }));
              }}
              onError={setUploadError}
            />
          </Field>
          <Field label={t('recharge.remark')} htmlFor="recharge-remark" testId="recharge-remark">
            <Input
              id="recharge-remark"
              value={remark}
              maxLength={200}
              onChange={(e) => setRemark(e.target.value)}
              data-testid="recharge-remark"
            />
          </Field>
          <SubmitRow
            error={formError}
            submitting={submitting}
            onSubmit={() => void submit()}
            testId="recharge"
          >
            {t('recharge.submit')}
          </SubmitRow>
        </div>
      </Form>
    </WalletCard>
  );
}
