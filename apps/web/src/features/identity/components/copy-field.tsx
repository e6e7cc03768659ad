// A value with a copy button (invite code and link); the spec's toasts say whether copying worked.
import { CopyOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';

export function CopyField({ value, testId }: { value: string; testId: string }) {
  const { t } = useTranslation('identity');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(t('copy.success'));
    } catch {
      toast.error(t('copy.failed'));
    }
  };
  return (
    <span className="identity-copy">
      <span className="identity-mono" data-testid={testId}>
        {value}
      </span>
      <Tooltip title={t('copy.action')}>
        <Button
          type="text"
          size="small"
          icon={<CopyOutlined />}
          aria-label={t('copy.action')}
          onClick={() => void copy()}
          data-testid={`${testId}-copy`}
        />
      </Tooltip>
    </span>
  );
}
