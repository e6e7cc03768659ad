// In place of an approve button the server would refuse: why (your own request or first approval, an
// account linked to yours by creation, or your cooling-off with its end).
import { useTranslation } from 'react-i18next';
import { useFormatTime } from '@/lib/format-time';
import type { ApprovalBlock } from '../lib/console-rules';

export function ApprovalBlockNote({
  id,
  block,
  mayApproveFrom,
  selfText,
}: {
  id: string;
  block: ApprovalBlock;
  mayApproveFrom: string | null;
  /** What to say on one's own request (or one's own first approval). */
  selfText: string;
}) {
  const { t } = useTranslation('admin');
  const fmt = useFormatTime();
  const text =
    block === 'self'
      ? selfText
      : block === 'linked'
        ? t('approval.linked')
        : t('approval.coolingOff', { time: fmt(mayApproveFrom) });
  return (
    <small className="admin-muted" data-testid={`approval-block-${id}`} data-block={block}>
      {text}
    </small>
  );
}
