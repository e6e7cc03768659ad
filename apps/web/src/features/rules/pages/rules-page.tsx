// The rules pages (/rule/index, spec section 2: seconds, spot, U contract, loan). The seconds and spot
// rules are generated from what the server enforces (the configured periods, the settlement tolerance,
// each market's tick, lot, minimums and fees); U-based contracts and loans are not offered yet and say so.
// Plain React: it renders before antd has loaded.
import { formatAmount, mul, parseAmount, roundTo } from '@coin/shared/money';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '@/lib/use-number-format';
import { secondsRulesQuery, spotRulesQuery } from '../api/rules-api';
import '../rules.css';

const TABS = ['seconds', 'spot', 'usta', 'loan'] as const;
type Tab = (typeof TABS)[number];

function durationText(t: (k: string, v?: Record<string, unknown>) => string, sec: number): string {
  if (sec % 3600 === 0) return t('duration.hours', { count: sec / 3600 });
  if (sec % 60 === 0 && sec >= 120) return t('duration.minutes', { count: sec / 60 });
  return t('duration.seconds', { count: sec });
}

function SecondsRules() {
  const { t } = useTranslation('rules');
  const nf = useNumberFormat();
  const q = useQuery(secondsRulesQuery());
  if (q.isPending) return <p className="rules-muted">{t('loading')}</p>;
  if (q.isError || !q.data) return <p className="rules-muted">{t('error')}</p>;
  const r = q.data;
  const tolerance = Math.round(r.settleToleranceMs / 1000);
  return (
    <div data-testid="rules-seconds">
      {!r.enabled ? <p className="rules-note">{t('seconds.off')}</p> : null}
      <p>{t('seconds.intro')}</p>
      <h3>{t('seconds.periodsTitle')}</h3>
      <div className="rules-table-wrap">
        <table className="rules-table" data-testid="rules-periods">
          <thead>
            <tr>
              <th>{t('seconds.period')}</th>
              <th>{t('seconds.rate')}</th>
              <th>{t('seconds.min')}</th>
              <th>{t('seconds.max')}</th>
              <th>{t('seconds.example')}</th>
            </tr>
          </thead>
          <tbody>
            {r.periods.map((p) => (
              <tr key={p.periodId} data-testid={`rules-period-${p.periodId}`}>
                <td>{durationText(t, p.durationSec)}</td>
                <td>{nf.rate(p.rate, 2)}</td>
                <td>
                  {p.minStake} {r.asset}
                </td>
                <td>
                  {nf.quantity(p.maxStake, 0)} {r.asset}
                </td>
                <td>
                  {t('seconds.exampleText', {
                    win: nf.amount(
                      formatAmount(roundTo(mul(parseAmount('100'), parseAmount(p.rate), 'down'), 6, 'down')),
                      6,
                    ),
                    asset: r.asset,
                  })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {r.periods.length === 0 ? <p className="rules-muted">{t('seconds.noPeriods')}</p> : null}
      <h3>{t('seconds.howTitle')}</h3>
      <ol className="rules-list">
        <li>{t('seconds.how.quantity', { asset: r.asset })}</li>
        <li>{t('seconds.how.entry', { seconds: Math.round(r.entryMaxAgeMs / 1000) })}</li>
        <li>{t('seconds.how.exit')}</li>
        <li>{t('seconds.how.outcome')}</li>
        <li>{t('seconds.how.void', { seconds: tolerance })}</li>
        <li>{t('seconds.how.pool')}</li>
        <li>{t('seconds.how.notice')}</li>
        <li>{t('seconds.how.evidence')}</li>
        <li>{t('seconds.how.noControl')}</li>
      </ol>
      <h3>{t('seconds.coinsTitle')}</h3>
      <p data-testid="rules-coins">{r.coins.length > 0 ? r.coins.join(', ') : t('seconds.noCoins')}</p>
    </div>
  );
}

function SpotRules() {
  const { t } = useTranslation('rules');
  const nf = useNumberFormat();
  const q = useQuery(spotRulesQuery());
  if (q.isPending) return <p className="rules-muted">{t('loading')}</p>;
  if (q.isError || !q.data) return <p className="rules-muted">{t('error')}</p>;
  return (
    <div data-testid="rules-spot">
      <p>{t('spot.intro')}</p>
      <ol className="rules-list">
        <li>{t('spot.how.orders')}</li>
        <li>{t('spot.how.tif')}</li>
        <li>{t('spot.how.market', { protection: nf.rate(q.data[0]?.marketProtection ?? '0.05', 2) })}</li>
        <li>{t('spot.how.fees')}</li>
        <li>{t('spot.how.fund')}</li>
      </ol>
      <h3>{t('spot.marketsTitle')}</h3>
      <div className="rules-table-wrap">
        <table className="rules-table">
          <thead>
            <tr>
              <th>{t('spot.pair')}</th>
              <th>{t('spot.tick')}</th>
              <th>{t('spot.lot')}</th>
              <th>{t('spot.minQty')}</th>
              <th>{t('spot.minNotional')}</th>
              <th>{t('spot.fees')}</th>
            </tr>
          </thead>
          <tbody>
            {q.data.map((m) => (
              <tr key={m.pair}>
                <td>{m.pair}</td>
                <td>{m.tickSize}</td>
                <td>{m.lotSize}</td>
                <td>{m.minQty}</td>
                <td>{m.minNotional}</td>
                <td>
                  {t('spot.feeValues', {
                    maker: nf.rate(m.makerFeeRate, 3),
                    taker: nf.rate(m.takerFeeRate, 3),
                  })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function NotOffered({ kind }: { kind: 'usta' | 'loan' }) {
  const { t } = useTranslation('rules');
  return (
    <div data-testid={`rules-${kind}`}>
      <p className="rules-note">{t(`${kind}.notOffered`)}</p>
      <p>{t(`${kind}.intro`)}</p>
      <ol className="rules-list">
        <li>{t(`${kind}.point1`)}</li>
        <li>{t(`${kind}.point2`)}</li>
        <li>{t(`${kind}.point3`)}</li>
      </ol>
    </div>
  );
}

export function RulesPage() {
  const { t } = useTranslation('rules');
  const [tab, setTab] = useState<Tab>('seconds');
  return (
    <div className="rules-page" data-testid="rules-page">
      <h1 className="rules-title" data-testid="page-title">
        {t('title')}
      </h1>
      <div className="rules-tabs" role="tablist">
        {TABS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            className={`rules-tab${tab === k ? ' rules-tab--on' : ''}`}
            onClick={() => setTab(k)}
            data-testid={`rules-tab-${k}`}
          >
            {t(`tabs.${k}`)}
          </button>
        ))}
      </div>
      <section className="rules-body">
        {tab === 'seconds' ? <SecondsRules /> : tab === 'spot' ? <SpotRules /> : <NotOffered kind={tab} />}
      </section>
    </div>
  );
}
