// Margin mode on the spot trade page: the account switch (Spot / Cross / Isolated) above the order form
// and, in a margin mode, a compact panel with the margin level gauge, the debt and interest of the pair's
// two coins, and Borrow / Repay buttons opening the margin feature's dialog. The gauge, the dialog and the
// calls are the margin feature's own (features/margin); docs/margin.md "Pages".
// Test ids: spot-account-<spot|all|fixed>, spot-margin-panel, spot-margin-debt, spot-margin-coin-<COIN>,
// spot-margin-borrow, spot-margin-repay (and the margin ids: margin-level, margin-risk, margin-dialog-*).
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type MarginMode, propertyQuery } from '@/features/margin/api/margin-api';
import { MarginGauge } from '@/features/margin/components/margin-gauge';
import { type LoanAction, MarginLoanDialog } from '@/features/margin/components/margin-loan-dialog';
import type { MarginProperty } from '@/features/margin/lib/margin-read';
import type { SpotWallet } from '../api/get-spot-wallet';
import type { SpotRules } from '../lib/spot-rules';

export type TradeAccount = 'spot' | MarginMode;

/** The margin calls' spelling of a market: 'BTC_USDT'. */
const marginSymbol = (rules: SpotRules) => `${rules.coin}_${rules.quote}`;

/** The margin account's property for the trade page (only fetched in a margin mode). */
export function useMarginProperty(account: TradeAccount, rules: SpotRules, loggedIn: boolean) {
  const mode: MarginMode = account === 'spot' ? 'fixed' : account;
  return useQuery({ ...propertyQuery(mode, marginSymbol(rules)), enabled: loggedIn && account !== 'spot' })
    .data;
}

/** The pair's two coins in a margin account, in the shape the order form reads. */
export function marginWallet(property: MarginProperty | undefined, rules: SpotRules): SpotWallet | undefined {
  if (!property) return undefined;
  const of = (coin: string) => {
    const c = property.coins.find((x) => x.coin === coin);
    return { coin, available: c?.available ?? '0', frozen: c?.frozen ?? '0' };
  };
  return { base: of(rules.coin), quote: of(rules.quote) };
}

export function AccountSwitch({
  value,
  onChange,
}: {
  value: TradeAccount;
  onChange: (v: TradeAccount) => void;
}) {
  const { t } = useTranslation('margin');
  return (
    <div className="spot-tabs spot-account" role="tablist" aria-label={t('trade.account')}>
      {(['spot', 'all', 'fixed'] as const).map((a) => (
        <button
          key={a}
          type="button"
          role="tab"
          aria-selected={value === a}
          className={`spot-tab${value === a ? ' spot-tab--on' : ''}`}
          onClick={() => onChange(a)}
          data-testid={`spot-account-${a}`}
        >
          {t(a === 'spot' ? 'trade.spot' : a === 'all' ? 'trade.cross' : 'trade.isolated')}
        </button>
      ))}
    </div>
  );
}

export function MarginPanel({
  mode,
  rules,
  property,
}: {
  mode: MarginMode;
  rules: SpotRules;
  property: MarginProperty | undefined;
}) {
  const { t } = useTranslation('margin');
  const [dialog, setDialog] = useState<LoanAction>();
  const coins = [rules.quote, rules.coin];
  const rows = coins.map(
    (coin) =>
      property?.coins.find((c) => c.coin === coin) ?? { coin, borrowed: '0', interest: '0', available: '0' },
  );
  return (
    <section className="spot-panel spot-margin" data-testid="spot-margin-panel" data-mode={mode}>
      <MarginGauge property={property} compact />
      <div className="spot-margin__debt">
        <div>
          <span>{t('totals.debt')}</span>
          <strong data-testid="spot-margin-debt">{property?.totalDebtUsdt ?? '0'} USDT</strong>
        </div>
        {rows.map((c) => (
          <div key={c.coin} data-testid={`spot-margin-coin-${c.coin}`}>
            <span>{c.coin}</span>
            <span>
              {t('cols.borrowed')} {c.borrowed} · {t('cols.interest')} {c.interest}
            </span>
          </div>
        ))}
      </div>
      <div className="spot-margin__actions">
        <button
          type="button"
          className="spot-chip"
          onClick={() => setDialog('borrow')}
          data-testid="spot-margin-borrow"
        >
          {t('borrow.title')}
        </button>
        <button
          type="button"
          className="spot-chip"
          onClick={() => setDialog('repay')}
          data-testid="spot-margin-repay"
        >
          {t('repay.title')}
        </button>
        <Link
          to={mode === 'all' ? '/account/entrust/margin-all' : '/account/entrust/margin-fixed'}
          className="spot-margin__more"
        >
          {t('trade.more')}
        </Link>
      </div>
      {dialog ? (
        <MarginLoanDialog
          action={dialog}
          mode={mode}
          symbol={marginSymbol(rules)}
          coins={coins}
          onClose={() => setDialog(undefined)}
        />
      ) : null}
    </section>
  );
}
