// Live OTC popups (spec section 4): one per otc / appeal message not made by the reader, at most four
// (the oldest closes when a fifth arrives), never closing by themselves; a click opens the order.
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onPrivateEvent } from '@/lib/private-ws';
import { useSessionStore } from '@/lib/session-store';
import { type OtcLiveMessage, popupTarget, pushPopup, shouldPopup } from '../lib/otc-live';
import '../otc.css';

interface Popup extends OtcLiveMessage {
  key: number;
}

let next = 0;

export function OtcPopups() {
  const { t } = useTranslation('otc');
  const navigate = useNavigate();
  const me = useSessionStore((s) => s.userInfo?.id ?? '');
  const isMerchant = useSessionStore((s) => s.userInfo?.is_merchant === 2);
  const [popups, setPopups] = useState<Popup[]>([]);
  useEffect(
    () =>
      onPrivateEvent('OTC', (data) => {
        const m = data as OtcLiveMessage;
        if (shouldPopup(m, me)) setPopups((list) => pushPopup(list, { ...m, key: ++next }));
      }),
    [me],
  );
  if (popups.length === 0) return null;
  return (
    <div className="otc-popups" data-testid="otc-popups">
      {popups.map((p) => (
        <div key={p.key} className="otc-popup" data-testid="otc-popup">
          <button
            type="button"
            className="otc-popup-body"
            onClick={() => {
              const target = popupTarget(p, isMerchant);
              setPopups((list) => list.filter((x) => x.key !== p.key));
              void navigate({ to: target.to, search: target.search as never });
            }}
          >
            <strong>
              {t(
                p.type === 'appeal'
                  ? 'live.appealTitle'
                  : p.isNew === '1'
                    ? 'live.newTitle'
                    : 'live.changeTitle',
              )}
            </strong>
            <span>{t(`live.${p.type === 'appeal' ? 'appeal' : p.status}`, { code: p.orderCode })}</span>
          </button>
          <button
            type="button"
            className="otc-popup-close"
            aria-label={t('action.close')}
            onClick={() => setPopups((list) => list.filter((x) => x.key !== p.key))}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
