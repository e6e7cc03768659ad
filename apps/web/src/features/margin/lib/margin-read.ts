// Reads the margin replies defensively (a missing field becomes a neutral value, never a crash).
export interface MarginCoin {
  coin: string;
  available: string;
  frozen: string;
  borrowed: string;
  interest: string;
  net: string;
  transferable: string;
  hourlyRate: string;
}

export interface MarginProperty {
  leverage: number;
  leverages: number[];
  coins: MarginCoin[];
  totalAssetUsdt: string;
  totalDebtUsdt: string;
  netAssetUsdt: string;
  marginLevel: string | null;
  callLevel: string | null;
  liquidationLevel: string | null;
  risk: 0 | 1 | 2;
  liquidating: boolean;
}

export interface MarginLoan {
  loanId: string;
  coin: string;
  symbol: string | null;
  amount: string;
  principal: string;
  interest: string;
  interestTotal: string;
  hourlyRate: string;
  status: string;
  createdAt: string;
}

const obj = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
const str = (v: unknown, d = '0') => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : d);

export function readProperty(value: unknown): MarginProperty {
  const o = obj(value);
  const risk = o.risk === 1 || o.risk === 2 ? o.risk : 0;
  return {
    leverage: typeof o.leverage === 'number' ? o.leverage : 0,
    leverages: Array.isArray(o.leverages)
      ? o.leverages.filter((l): l is number => typeof l === 'number')
      : [],
    coins: (Array.isArray(o.coins) ? o.coins : []).map((c) => {
      const x = obj(c);
      return {
        coin: str(x.coin, ''),
        available: str(x.available),
        frozen: str(x.frozen),
        borrowed: str(x.borrowed),
        interest: str(x.interest),
        net: str(x.net),
        transferable: str(x.transferable),
        hourlyRate: str(x.hourlyRate),
      };
    }),
    totalAssetUsdt: str(o.totalAssetUsdt),
    totalDebtUsdt: str(o.totalDebtUsdt),
    netAssetUsdt: str(o.netAssetUsdt),
    marginLevel: typeof o.marginLevel === 'string' ? o.marginLevel : null,
    callLevel: typeof o.callLevel === 'string' ? o.callLevel : null,
    liquidationLevel: typeof o.liquidationLevel === 'string' ? o.liquidationLevel : null,
    risk,
    liquidating: o.liquidating === true,
  };
}

export function readLoanPage(value: unknown): { records: MarginLoan[]; total: number } {
  const o = obj(value);
  const records = (Array.isArray(o.records) ? o.records : []).map((r) => {
    const x = obj(r);
    return {
      loanId: str(x.loanId, ''),
      coin: str(x.coin, ''),
      symbol: typeof x.symbol === 'string' ? x.symbol : null,
      amount: str(x.amount),
      principal: str(x.principal),
      interest: str(x.interest),
      interestTotal: str(x.interestTotal),
      hourlyRate: str(x.hourlyRate),
      status: str(x.status, 'open'),
      createdAt: str(x.createdAt, ''),
    };
  });
  return { records, total: typeof o.total === 'number' ? o.total : records.length };
}

/** Margin level shown with four decimals ('∞' without debt): it visibly follows the index. */
export function levelLabel(level: string | null): string {
  if (level === null) return '∞';
  const n = Number(level);
  return Number.isFinite(n) ? n.toFixed(4) : level;
}
