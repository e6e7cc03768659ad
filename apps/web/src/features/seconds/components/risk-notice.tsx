// The risk notice every user acknowledges before the first seconds contract (stored on the server with its
// time and the declared country of residence, which decides whether the product is offered there). A
// plain dialog: the page works before antd has loaded.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { useSettingsStore } from '@/lib/settings-store';
import { acknowledgeNotice, getCountries, secondsKeys } from '../api/seconds-api';

export function RiskNotice({
  userId,
  toleranceSec,
  onClose,
  onAccepted,
}: {
  userId: string;
  toleranceSec: number;
  onClose: () => void;
  onAccepted: () => void;
}) {
  const { t } = useTranslation('seconds');
  const lang = useSettingsStore((s) => s.lang);
  const queryClient = useQueryClient();
  const id = useId();
  const [country, setCountry] = useState('');
  const [read, setRead] = useState(false);
  const dialog = useRef<HTMLDivElement>(null);
  const countries = useQuery({
    queryKey: secondsKeys.countries(lang),
    queryFn: ({ signal }) => getCountries(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const accept = useMutation({
    mutationFn: () => acknowledgeNotice(country),
    onSuccess: (availability) => {
      queryClient.setQueryData(secondsKeys.notice(userId), availability);
      onAccepted();
    },
  });
  useEffect(() => {
    dialog.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  const error =
    accept.error && isApiError(accept.error) ? accept.error.msg : accept.error ? t('form.failed') : '';
  return (
    <div className="sec-modal" role="presentation">
      <div
        className="sec-modal__box"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        tabIndex={-1}
        ref={dialog}
        data-testid="sec-notice"
      >
        <h2 id={`${id}-title`} className="sec-modal__title">
          {t('notice.title')}
        </h2>
        <ul className="sec-notice__points">
          <li>{t('notice.loss')}</li>
          <li>{t('notice.index')}</li>
          <li>{t('notice.tolerance', { seconds: toleranceSec })}</li>
          <li>{t('notice.pool')}</li>
          <li>{t('notice.noControl')}</li>
          <li>{t('notice.country')}</li>
        </ul>
        <label className="sec-notice__field" htmlFor={`${id}-country`}>
          <span>{t('notice.countryLabel')}</span>
          <select
            id={`${id}-country`}
            value={country}
            onChange={(e) => setCountry(e.target.value)}
            data-testid="sec-notice-country"
          >
            <option value="">{t('notice.countryPick')}</option>
            {(countries.data ?? []).map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label className="sec-notice__check">
          <input
            type="checkbox"
            checked={read}
            onChange={(e) => setRead(e.target.checked)}
            data-testid="sec-notice-read"
          />
          <span>{t('notice.confirm')}</span>
        </label>
        {error ? (
          <div className="sec-error" role="alert" data-testid="sec-notice-error">
            {error}
          </div>
        ) : null}
        <div className="sec-modal__actions">
          <button type="button" className="sec-button" onClick={onClose} data-testid="sec-notice-cancel">
            {t('notice.cancel')}
          </button>
          <button
            type="button"
            className="sec-button sec-button--primary"
            disabled={!read || country === '' || accept.isPending}
            onClick={() => accept.mutate()}
            data-testid="sec-notice-accept"
          >
            {t('notice.accept')}
          </button>
        </div>
      </div>
    </div>
  );
}
