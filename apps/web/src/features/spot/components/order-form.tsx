// The buy and sell forms (side by side; tabs on phones), limit or market; a limit order's time in force
// (GTC, IOC, FOK, post only) is one compact segmented row shared by both sides, each option with a short
// explanation (tooltip on hover, and the selected one's in words under the row, which also serves phones).
// All the arithmetic and checks are the headless trade form (lib/trade-form.ts); this only holds what was
// typed and shows the result: the server's refusal, or what became of the order (an IOC or FOK order may
// end cancelled without an error). Logged-out visitors see login and register buttons instead.
import { Link } from '@tanstack/react-router';
import { Tooltip } from 'antd';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { useIsPhone, useMediaQuery } from '@/lib/use-media-query';
import { useNumberFormat } from '@/lib/use-number-format';
import { useTicker } from '@/lib/use-ticker';
import type { SpotWallet } from '../api/get-spot-wallet';
import { submitOrder } from '../api/submit-order';
import type { SpotOrder } from '../lib/spot-order';
import type { SpotRules } from '../lib/spot-rules';
import {
  borrowNeeded,
  DEFAULT_TIME_IN_FORCE,
  floorToDecimals,
  type OrderOutcome,
  type OrderSide,
  type OrderType,
  orderOutcome,
  orderRequest,
  PERCENTS,
  percentValue,
  quoteDecimals,
  type SideEffect,
  summarize,
  TIME_IN_FORCE,
  type TimeInForce,
  type TradeFormInput,
} from '../lib/trade-form';
import { NumberBox } from './number-box';

export interface PickedPrice {
  price: string;
  /** Changes on every pick, so picking the same price again still fills the box. */
  n: number;
}

interface ServerError {
  errorCode: string;
  msg: string;
}

function SidePanel({
  rules,
  side,
  type,
  timeInForce,
  wallet,
  loggedIn,
  picked,
  refPrice,
  account,
  sideEffect,
  onPlaced,
}: {
  rules: SpotRules;
  side: OrderSide;
  type: OrderType;
  timeInForce: TimeInForce;
  wallet: SpotWallet | undefined;
  loggedIn: boolean;
  picked: PickedPrice | undefined;
  refPrice: string | undefined;
  account: string | undefined;
  /** A margin order's side effect ('none' on the spot account). */
  sideEffect: SideEffect;
  onPlaced: () => void;
}) {
  const { t } = useTranslation('spot');
  const nf = useNumberFormat();
  const [price, setPrice] = useState('');
  const [quantity, setQuantity] = useState('');
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<ServerError>();
  const [placed, setPlaced] = useState<OrderOutcome>();

  // The page remounts per market, so every market starts empty; a price picked in the book fills the box.
  useEffect(() => {
    if (picked) setPrice(picked.price);
  }, [picked]);
  // The first price shown is the last price, as on every exchange.
  const seeded = useRef(false);
  useEffect(() => {
    if (seeded.current || !refPrice || type !== 'limit') return;
    seeded.current = true;
    setPrice((old) => old || floorToDecimals(refPrice, rules.priceDecimals));
  }, [refPrice, type, rules.priceDecimals]);

  const input: TradeFormInput = { side, type, price, quantity, amount, timeInForce };
  const available = wallet ? { base: wallet.base.available, quote: wallet.quote.available } : undefined;
  const borrowing = sideEffect === 'autoBorrow' || sideEffect === 'autoBorrowRepay';
  // An auto-borrowing order may freeze more than the account holds: the server borrows the rest.
  const summary = summarize(rules, input, borrowing ? undefined : available, refPrice);
  const toBorrow = borrowing && available ? borrowNeeded(rules, input, available) : undefined;
  const errorOf = (field: 'price' | 'quantity' | 'amount') =>
    touched ? summary.errors.find((e) => e.field === field) : undefined;
  const shownErrors = touched ? summary.errors : [];
  const marketBuy = type === 'market' && side === 'buy';
  const spendCoin = side === 'buy' ? rules.quote : rules.coin;
  const availableText = wallet
    ? side === 'buy'
      ? nf.amount(wallet.quote.available, quoteDecimals(rules))
      : nf.amount(wallet.base.available, rules.qtyDecimals, 0)
    : '--';

  const applyPercent = (pct: number) => {
    if (!available) return;
    const value = percentValue(rules, input, available, pct);
    if (marketBuy) setAmount(value);
    else setQuantity(value);
  };

  const submit = async () => {
    setTouched(true);
    setServerError(undefined);
    setPlaced(undefined);
    if (summary.errors.length > 0) return;
    setBusy(true);
    try {
      const order = (await submitOrder(
        {
          ...orderRequest(rules, input),
          ...(account ? { account } : {}),
          ...(account && sideEffect !== 'none' ? { sideEffect } : {}),
        },
        crypto.randomUUID(),
      )) as SpotOrder;
      setPlaced(orderOutcome(order));
      setQuantity('');
      setAmount('');
      setTouched(false);
      onPlaced();
    } catch (e) {
      setServerError(
        isApiError(e) ? { errorCode: e.errorCode, msg: e.msg } : { errorCode: '', msg: t('form.failed') },
      );
    } finally {
      setBusy(false);
    }
  };

  const testId = (name: string) => `spot-${side}-${name}`;
  return (
    <form
      className={`spot-side spot-side--${side}`}
      data-testid={testId('form')}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      noValidate
    >
      <div className="spot-side__avail">
        <span>{t('form.available')}</span>
        <span data-testid={testId('available')}>
          {availableText} {spendCoin}
        </span>
      </div>
      {type === 'limit' ? (
        <NumberBox
          id={testId('price')}
          testId={testId('price')}
          label={t('form.price')}
          unit={rules.quote}
          value={price}
          decimals={rules.priceDecimals}
          onChange={setPrice}
          invalid={errorOf('price') !== undefined}
        />
      ) : (
        <div className="spot-box spot-box--static">
          <span className="spot-box__label">{t('form.price')}</span>
          <span className="spot-box__input">{t('form.marketPrice')}</span>
        </div>
      )}
      {marketBuy ? (
        <NumberBox
          id={testId('amount')}
          testId={testId('amount')}
          label={t('form.total')}
          unit={rules.quote}
          value={amount}
          decimals={quoteDecimals(rules)}
          onChange={setAmount}
          invalid={errorOf('amount') !== undefined}
        />
      ) : (
        <NumberBox
          id={testId('quantity')}
          testId={testId('quantity')}
          label={t('form.quantity')}
          unit={rules.coin}
          value={quantity}
          decimals={rules.qtyDecimals}
          onChange={setQuantity}
          invalid={errorOf('quantity') !== undefined}
        />
      )}
      <div className="spot-side__pcts">
        {PERCENTS.map((p) => (
          <button
            key={p}
            type="button"
            className="spot-chip"
            disabled={!available}
            onClick={() => applyPercent(p)}
            data-testid={testId(`pct-${p}`)}
          >
            {p}%
          </button>
        ))}
      </div>
      <dl className="spot-side__sum">
        <div>
          <dt>{summary.totalEstimated ? t('form.totalEstimated') : t('form.total')}</dt>
          <dd data-testid={testId('total')}>
            {summary.total !== undefined
              ? `${nf.amount(summary.total, quoteDecimals(rules))} ${rules.quote}`
              : '--'}
          </dd>
        </div>
        <div>
          <dt>{t('form.fee', { rate: nf.rate(summary.feeRate) })}</dt>
          <dd data-testid={testId('fee')}>
            {summary.fee !== undefined ? `≈ ${nf.number(summary.fee, 18)} ${summary.feeAsset}` : '--'}
          </dd>
        </div>
        {toBorrow !== undefined ? (
          <div className="spot-side__borrow">
            <dt>{t('form.sideEffect.autoBorrow')}</dt>
            <dd data-testid={testId('borrow')}>
              {t('form.sideEffect.willBorrow', {
                amount: nf.amount(toBorrow, side === 'buy' ? quoteDecimals(rules) : rules.qtyDecimals, 0),
                coin: spendCoin,
              })}
            </dd>
          </div>
        ) : null}
      </dl>
      {shownErrors.length > 0 ? (
        <ul className="spot-side__errors" data-testid={testId('errors')}>
          {shownErrors.map((e) => (
            <li key={`${e.field}-${e.key}`}>{t(e.key, e.vars)}</li>
          ))}
        </ul>
      ) : null}
      {serverError ? (
        <div className="spot-side__server-error" role="alert" data-testid={testId('server-error')}>
          {serverError.msg}
          {serverError.errorCode ? <code>{serverError.errorCode}</code> : null}
        </div>
      ) : null}
      {placed ? (
        <div
          className={`spot-side__placed spot-side__placed--${placed.tone}`}
          role="status"
          data-testid={testId('placed')}
          data-tone={placed.tone}
        >
          {t(placed.key, {
            ...placed.vars,
            filled: nf.amount(placed.vars.filled ?? '0', rules.qtyDecimals, 0),
            quantity: placed.vars.quantity ? nf.amount(placed.vars.quantity, rules.qtyDecimals, 0) : '',
          })}
        </div>
      ) : null}
      {loggedIn ? (
        <button
          type="submit"
          className={`spot-submit spot-submit--${side}`}
          disabled={busy}
          data-testid={testId('submit')}
        >
          {t(side === 'buy' ? 'form.buy' : 'form.sell', { coin: rules.coin })}
        </button>
      ) : (
        <div className="spot-side__guest" data-testid={testId('guest')}>
          <Link to="/user/login" className="spot-submit spot-submit--guest">
            {t('form.login')}
          </Link>
          <Link to="/user/register" className="spot-side__register">
            {t('form.register')}
          </Link>
        </div>
      )}
    </form>
  );
}

/** GTC / IOC / FOK / Post only as a segmented row; the selected option's explanation below it. */
function TimeInForcePicker({ value, onChange }: { value: TimeInForce; onChange: (v: TimeInForce) => void }) {
  const { t } = useTranslation('spot');
  const id = useId();
  // Tooltips only where there is a pointer to hover: on a phone a tap would cover the form with the
  // same words the line under the row already shows.
  const phone = useIsPhone();
  const noHover = useMediaQuery('(hover: none)');
  const tooltips = !phone && !noHover;
  return (
    <div className="spot-tif" data-testid="spot-tif">
      <div className="spot-tif__row">
        <span className="spot-tif__label" id={`${id}-label`}>
          {t('form.tif.label')}
        </span>
        <fieldset className="spot-tif__options" aria-labelledby={`${id}-label`}>
          {TIME_IN_FORCE.map((tif) => {
            const button = (
              <button
                key={tif}
                type="button"
                aria-pressed={value === tif}
                aria-describedby={value === tif ? `${id}-help` : undefined}
                className={`spot-chip spot-tif__option${value === tif ? ' spot-chip--on' : ''}`}
                onClick={() => onChange(tif)}
                data-testid={`spot-tif-${tif}`}
              >
                {t(`form.tif.${tif}`)}
              </button>
            );
            return tooltips ? (
              <Tooltip key={tif} title={t(`form.tif.help.${tif}`)} mouseEnterDelay={0.3}>
                {button}
              </Tooltip>
            ) : (
              button
            );
          })}
        </fieldset>
      </div>
      <p className="spot-tif__help" id={`${id}-help`} data-testid="spot-tif-help">
        {t(`form.tif.help.${value}`)}
      </p>
    </div>
  );
}

export function OrderForm({
  rules,
  wallet,
  loggedIn,
  picked,
  bestBid,
  bestAsk,
  account,
  onPlaced,
}: {
  rules: SpotRules;
  wallet: SpotWallet | undefined;
  loggedIn: boolean;
  picked: PickedPrice | undefined;
  bestBid: string | undefined;
  bestAsk: string | undefined;
  /** A margin account's order code ('4' cross, '5' isolated); absent: the spot account. */
  account?: string | undefined;
  onPlaced: () => void;
}) {
  const { t } = useTranslation('spot');
  const nf = useNumberFormat();
  const phone = useIsPhone();
  const [type, setType] = useState<OrderType>('limit');
  const [timeInForce, setTimeInForce] = useState<TimeInForce>(DEFAULT_TIME_IN_FORCE);
  const [phoneSide, setPhoneSide] = useState<OrderSide>('buy');
  const [autoBorrow, setAutoBorrow] = useState(false);
  const [autoRepay, setAutoRepay] = useState(false);
  const sideEffect: SideEffect = !account
    ? 'none'
    : autoBorrow && autoRepay
      ? 'autoBorrowRepay'
      : autoBorrow
        ? 'autoBorrow'
        : autoRepay
          ? 'autoRepay'
          : 'none';
  const last = useTicker(rules.symbol)?.close;
  // Market orders are estimated at the best opposite price, limit forms start at the last price.
  const refs = useMemo(
    () => ({
      buy: type === 'market' ? (bestAsk ?? last) : last,
      sell: type === 'market' ? (bestBid ?? last) : last,
    }),
    [type, bestAsk, bestBid, last],
  );
  const sides: OrderSide[] = phone ? [phoneSide] : ['buy', 'sell'];
  return (
    <section className="spot-panel spot-form" data-testid="spot-form">
      <header className="spot-panel__head">
        <div className="spot-tabs" role="tablist" aria-label={t('form.type')}>
          {(['limit', 'market'] as const).map((ty) => (
            <button
              key={ty}
              type="button"
              role="tab"
              aria-selected={type === ty}
              className={`spot-tab${type === ty ? ' spot-tab--on' : ''}`}
              onClick={() => setType(ty)}
              data-testid={`spot-type-${ty}`}
            >
              {t(`form.${ty}`)}
            </button>
          ))}
        </div>
        <span className="spot-form__fees">
          {t('form.fees', { maker: nf.rate(rules.makerFeeRate), taker: nf.rate(rules.takerFeeRate) })}
        </span>
      </header>
      {phone ? (
        <div className="spot-sidetabs" role="tablist">
          {(['buy', 'sell'] as const).map((s) => (
            <button
              key={s}
              type="button"
              role="tab"
              aria-selected={phoneSide === s}
              className={`spot-sidetab spot-sidetab--${s}${phoneSide === s ? ' spot-sidetab--on' : ''}`}
              onClick={() => setPhoneSide(s)}
              data-testid={`spot-side-tab-${s}`}
            >
              {t(s === 'buy' ? 'form.buyTab' : 'form.sellTab')}
            </button>
          ))}
        </div>
      ) : null}
      {type === 'limit' ? <TimeInForcePicker value={timeInForce} onChange={setTimeInForce} /> : null}
      {account ? (
        <div className="spot-tif spot-effects" data-testid="spot-side-effect">
          <div className="spot-tif__row">
            <span className="spot-tif__label">{t('form.sideEffect.label')}</span>
            <fieldset className="spot-tif__options" aria-label={t('form.sideEffect.label')}>
              <button
                type="button"
                aria-pressed={autoBorrow}
                className={`spot-chip spot-tif__option${autoBorrow ? ' spot-chip--on' : ''}`}
                onClick={() => setAutoBorrow((v) => !v)}
                data-testid="spot-auto-borrow"
              >
                {t('form.sideEffect.autoBorrow')}
              </button>
              <button
                type="button"
                aria-pressed={autoRepay}
                title={t('form.sideEffect.repayHelp')}
                className={`spot-chip spot-tif__option${autoRepay ? ' spot-chip--on' : ''}`}
                onClick={() => setAutoRepay((v) => !v)}
                data-testid="spot-auto-repay"
              >
                {t('form.sideEffect.autoRepay')}
              </button>
            </fieldset>
          </div>
          {autoRepay ? (
            <p className="spot-tif__help" data-testid="spot-auto-repay-help">
              {t('form.sideEffect.repayHelp')}
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="spot-form__sides">
        {sides.map((side) => (
          <SidePanel
            key={side}
            rules={rules}
            side={side}
            type={type}
            timeInForce={timeInForce}
            wallet={wallet}
            loggedIn={loggedIn}
            picked={picked}
            refPrice={refs[side]}
            account={account}
            sideEffect={sideEffect}
            onPlaced={onPlaced}
          />
        ))}
      </div>
    </section>
  );
}
