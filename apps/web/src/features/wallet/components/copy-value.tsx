// A value the user may need elsewhere (an address, a transaction id, an order number) with a copy button,
// and a transaction id with a link to its block explorer where the network has one (lib/explorers.ts).
import { CopyOutlined, ExportOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { explorerTxUrl } from '../lib/explorers';

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8' -> 'TJRabPrw…jpRTv8' for narrow cells; the full value is the title. */
export function shortValue(value: string, head = 8, tail = 6): string {
  return value.length <= head + tail + 1 ? value : `${value.slice(0, head)}…${value.slice(-tail)}`;
}

export function CopyValue({
  value,
  short = false,
  testId,
}: {
  value: string;
  /** Show the start and the end only (the full value stays in the title and the clipboard). */
  short?: boolean;
  testId: string;
}) {
  const { t } = useTranslation('wallet');
  const copy = async () => {
    if (await copyText(value)) toast.success(t('deposit.copySuccess'));
    else toast.error(t('deposit.copyFailed'));
  };
  return (
    <span className="wallet-copy">
      <span className="wallet-mono" title={value} data-testid={testId}>
        {short ? shortValue(value) : value}
      </span>
      <Tooltip title={t('history.copy')}>
        <Button
          type="text"
          size="small"
          icon={<CopyOutlined />}
          aria-label={t('history.copy')}
          onClick={() => void copy()}
          data-testid={`${testId}-copy`}
        />
      </Tooltip>
    </span>
  );
}

export function TxIdValue({
  txid,
  network,
  simulated,
  explorerUrl,
  testId,
}: {
  txid: string | null;
  network: string | null;
  simulated: boolean;
  /** The server's link for a real chain it runs (null: none configured); else the built-in table. */
  explorerUrl?: string | null | undefined;
  testId: string;
}) {
  const { t } = useTranslation('wallet');
  if (!txid) return <span data-testid={testId}>--</span>;
  const url = explorerUrl !== undefined ? explorerUrl : explorerTxUrl(network, txid, simulated);
  return (
    <span className="wallet-copy">
      <CopyValue value={txid} short testId={testId} />
      {url ? (
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className="wallet-explorer"
          data-testid={`${testId}-explorer`}
        >
          <ExportOutlined aria-hidden /> {t('history.explorer')}
        </a>
      ) : null}
    </span>
  );
}
