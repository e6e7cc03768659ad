// The order panel of the seconds page: period cards, the integer quantity (spec section 5: "Quantity must
// be an integer"), what a win pays and a loss costs, and the rise and fall buttons. Before the first order
// the risk notice is shown; a product switched off (deployment, setting or country) says so instead.
// After placing, each open contract counts down in HH:MM:SS beside the live index price, and turns into
// its result when the SETTLEMENT push arrives (no reload).
import { normalizeTypedNumber } from '@coin/shared/number-input';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { useFormatTime } from '@/lib/format-time';
import { useNumberFormat } from '@/lib/use-number-format';
import { createOrder, getNotice, secondsKeys } from '../api/seconds-api';
import { useNow } from '../hooks/use-now';
import { formatCountdown, timeLeft } from '../lib/countdown';
import {
  type Direction,
  leaning,
  type Period,
  payoutOf,
  quantityProblem,
  resultTone,
  type SecondsOrder,
} from '../lib/seconds-order';
import { PeriodCards } from './period-cards';
import { RiskNotice } from './risk-notice';

interface ServerError {
  errorCode: string;
  msg: string;
}

export function TradePanel({
  symbol,
  coin,
  pair,
  priceDecimals,
  periods,
  userId,
  available,
  open,
  results,
  indexPrice,
  offsetMs,
  toleranceSec,
  enabled,
  onPlaced,
  onDismissResult,
}: {
  symbol: string;
  coin: string;
  pair: string;
  priceDecimals: number;
  periods: Period[];
  userId: string;
  available: string | undefined;
  open: SecondsOrder[];
  results: SecondsOrder[];
  indexPrice: string | undefined;
  offsetMs: number;
  toleranceSec: number;
  enabled: boolean;
  onPlaced: (order: SecondsOrder, offsetMs: number) => void;
  onDismissResult: (id: string) => void;
}) {
  const { t } = useTranslation('seconds');
  const nf = useNumberFormat();
  const queryClient = useQueryClient();
  const id = useId();
  const [periodId, setPeriodId] = useState<string>();
  const [quantity, setQuantity] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState<Direction>();
  const [serverError, setServerError] = useState<ServerError>();
  const [noticeFor, setNoticeFor] = useState<Direction>();
  const period = periods.find((p) => p.periodId === periodId) ?? periods[0];
  const asset = period?.asset ?? 'USDT';
  const notice = useQuery({
    queryKey: secondsKeys.notice(userId),
    queryFn: ({ signal }) => getNotice(signal),
    enabled: userId !== '',
  });
  const problem = quantityProblem(quantity, period, available);
  const payout = period ? payoutOf(quantity, period.rate) : undefined;
  const idempotency = useRef<{ key: string; body: string }>(undefined);

  const place = async (direction: Direction, acknowledged = false) => {
    setTouched(true);
    setServerError(undefined);
    if (!period || problem) return;
    const a = notice.data;
    if (!acknowledged && a && a.reason === 'notice') {
      setNoticeFor(direction);
      return;
    }
    const body = { symbol, direction, periodId: period.periodId, quantity };
    // One key per distinct order: a double click or a retry of the same order is placed once.
    const text = JSON.stringify(body);
    if (idempotency.current?.body !== text) idempotency.current = { key: crypto.randomUUID(), body: text };
    setBusy(direction);
    const sentAt = Date.now();
    try {
      const order = await createOrder(body, idempotency.current.key);
      idempotency.current = undefined;
      if (order) onPlaced(order, order.createdAt - (sentAt + Date.now()) / 2);
      setTouched(false);
      void queryClient.invalidateQueries({ queryKey: secondsKeys.orders() });
    } catch (e) {
      if (isApiError(e) && e.errorCode === 'SECONDS_NOTICE_REQUIRED') setNoticeFor(direction);
      setServerError(
        isApiError(e) ? { errorCode: e.errorCode, msg: e.msg } : { errorCode: '', msg: t('form.failed') },
      );
      idempotency.current = isApiError(e) && e.kind === 'network' ? idempotency.current : undefined;
    } finally {
      setBusy(undefined);
    }
  };

  const off = !enabled || notice.data?.reason === 'disabled' || notice.data?.reason === 'country';
  const offText =
    notice.data?.reason === 'country'
      ? t('form.offCountry', { country: notice.data.country ?? '' })
      : t('form.off');
  const shownProblem = touched || quantity !== '' ? problem : null;

  return (
    <section className="sec-panel sec-trade" data-testid="sec-trade">
      <h3 className="sec-panel__title">{t('form.period')}</h3>
      <PeriodCards periods={periods} selected={period?.periodId} onSelect={setPeriodId} />
      <div className="sec-field">
        <label className={`sec-box${shownProblem ? ' sec-box--invalid' : ''}`} htmlFor={`${id}-qty`}>
          <span className="sec-box__label">{t('form.quantity')}</span>
          <input
            id={`${id}-qty`}
            className="sec-box__input"
            value={quantity}
            inputMode="numeric"
            autoComplete="off"
            placeholder={period ? t('form.quantityHint', { min: period.minStake }) : '0'}
            data-testid="sec-quantity"
            aria-invalid={shownProblem ? true : undefined}
            onChange={(e) => setQuantity(normalizeTypedNumber(e.target.value, 8, nf.decimalSeparator).value)}
          />
          <span className="sec-box__unit">{asset}</span>
        </label>
        {shownProblem ? (
          <div className="sec-field__error" role="alert" data-testid="sec-quantity-error">
            {t(`form.problem.${shownProblem.key}`, 'vars' in shownProblem ? shownProblem.vars : {})}
          </div>
        ) : null}
      </div>
      <dl className="sec-sum">
        <div>
          <dt>{t('form.available')}</dt>
          <dd data-testid="sec-available">
            {userId && available !== undefined ? `${nf.amount(available, 6)} ${asset}` : '--'}
          </dd>
        </div>
        <div>
          <dt>{t('form.ifWin')}</dt>
          <dd className="sec-tone--rise" data-testid="sec-if-win">
            {payout !== undefined ? `+${nf.amount(payout, 6)} ${asset}` : '--'}
          </dd>
        </div>
        <div>
          <dt>{t('form.ifLose')}</dt>
          <dd className="sec-tone--fall">
            {payout !== undefined ? `-${nf.amount(quantity, 0)} ${asset}` : '--'}
          </dd>
        </div>
      </dl>
      {serverError ? (
        <div className="sec-error" role="alert" data-testid="sec-server-error">
          {serverError.msg}
          {serverError.errorCode ? <code>{serverError.errorCode}</code> : null}
        </div>
      ) : null}
      {off ? (
        <div className="sec-off" data-testid="sec-off">
          {offText}
        </div>
      ) : userId ? (
        <div className="sec-actions">
          <button
            type="button"
            className="sec-submit sec-submit--rise"
            disabled={busy !== undefined || !period}
            onClick={() => void place('rise')}
            data-testid="sec-rise"
          >
            {t('form.rise', { coin: coin.toUpperCase() })}
          </button>
          <button
            type="button"
            className="sec-submit sec-submit--fall"
            disabled={busy !== undefined || !period}
            onClick={() => void place('fall')}
            data-testid="sec-fall"
          >
            {t('form.fall', { coin: coin.toUpperCase() })}
          </button>
        </div>
      ) : (
        <div className="sec-guest" data-testid="sec-guest">
          <Link to="/user/login" className="sec-submit sec-submit--guest">
            {t('form.login')}
          </Link>
          <Link to="/user/register" className="sec-link">
            {t('form.register')}
          </Link>
        </div>
      )}
      {userId && notice.data && !notice.data.acknowledged && !off ? (
        <button
          type="button"
          className="sec-link sec-notice-link"
          onClick={() => setNoticeFor('rise')}
          data-testid="sec-notice-open"
        >
          {t('notice.open')}
        </button>
      ) : null}
      <p className="sec-muted">{t('form.settleRule', { seconds: toleranceSec })}</p>
      <Contracts
        open={open}
        results={results}
        pair={pair}
        priceDecimals={priceDecimals}
        indexPrice={indexPrice}
        symbol={symbol}
        offsetMs={offsetMs}
        onDismiss={onDismissResult}
      />
      {noticeFor && userId ? (
        <RiskNotice
          userId={userId}
          toleranceSec={toleranceSec}
          onClose={() => setNoticeFor(undefined)}
          onAccepted={() => {
            const direction = noticeFor;
            setNoticeFor(undefined);
            setServerError(undefined);
            // Just acknowledged: this render's notice state is older than that.
            void place(direction, true);
          }}
        />
      ) : null}
    </section>
  );
}

/** The open contracts counting down, and the results that arrived since. */
function Contracts({
  open,
  results,
  pair,
  priceDecimals,
  indexPrice,
  symbol,
  offsetMs,
  onDismiss,
}: {
  open: SecondsOrder[];
  results: SecondsOrder[];
  pair: string;
  priceDecimals: number;
  indexPrice: string | undefined;
  symbol: string;
  offsetMs: number;
  onDismiss: (id: string) => void;
}) {
  const { t } = useTranslation('seconds');
  const nf = useNumberFormat();
  const formatTime = useFormatTime();
  const queryClient = useQueryClient();
  const now = useNow(open.length > 0);
  // Fallback if a push is missed: a contract past its expiry (plus the tolerance) refreshes the lists.
  const overdue = open.some((o) => timeLeft(o.expiresAt, now, offsetMs) === 0);
  useEffect(() => {
    if (!overdue) return;
    const timer = setInterval(() => void queryClient.invalidateQueries({ queryKey: secondsKeys.all }), 3000);
    return () => clearInterval(timer);
  }, [overdue, queryClient]);
  if (open.length === 0 && results.length === 0) return null;
  return (
    <div className="sec-contracts" data-testid="sec-active">
      {results.map((o) => (
        <div
          key={`r${o.id}`}
          className={`sec-result sec-result--${resultTone(o)}`}
          data-testid={`sec-result-${o.id}`}
          data-status={o.status}
        >
          <div className="sec-result__head">
            <strong>{t(`status.${o.status}`)}</strong>
            <span data-testid={`sec-result-profit-${o.id}`}>
              {o.status === 'won' ? '+' : ''}
              {nf.amount(o.profit, 6)} {o.asset}
            </span>
            <button
              type="button"
              className="sec-link"
              onClick={() => onDismiss(o.id)}
              aria-label={t('form.dismiss')}
            >
              ×
            </button>
          </div>
          <div className="sec-result__line">
            {o.pair} · {t(`direction.${o.direction}`)} · {nf.amount(o.quantity, 0)} {o.asset}
          </div>
          <div className="sec-result__line">
            {t('orders.entry')} {nf.price(o.entryPrice, priceDecimals)} →{' '}
            {o.exitPrice !== null
              ? `${t('orders.exit')} ${nf.price(o.exitPrice, priceDecimals)} (${formatTime(o.exitTime)})`
              : t('orders.noTick')}
          </div>
        </div>
      ))}
      {open.map((o) => {
        const left = timeLeft(o.expiresAt, now, offsetMs);
        const lean = o.symbol === symbol ? leaning(o, indexPrice) : 'draw';
        return (
          <div key={o.id} className="sec-contract" data-testid={`sec-contract-${o.id}`}>
            <div className="sec-contract__head">
              <span className={`sec-tag sec-tag--${o.direction}`}>{t(`direction.${o.direction}`)}</span>
              <span>{o.symbol === symbol ? pair : o.pair}</span>
              <span className="sec-countdown" data-testid={`sec-countdown-${o.id}`}>
                {left > 0 ? formatCountdown(left) : t('form.settling')}
              </span>
            </div>
            <div className="sec-contract__line">
              {nf.amount(o.quantity, 0)} {o.asset} · {t('orders.entry')}{' '}
              {nf.price(o.entryPrice, priceDecimals)}
              {o.symbol === symbol && indexPrice ? (
                <span className={`sec-lean sec-lean--${lean}`}>
                  {' '}
                  · {t('form.now', { price: nf.price(indexPrice, priceDecimals) })} ({t(`lean.${lean}`)})
                </span>
              ) : null}
            </div>
          </div>
        );
      })}
    </div>
  );
}
