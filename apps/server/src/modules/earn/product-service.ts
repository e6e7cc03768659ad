// Earn products: a name and display fields in SQL (earn_products), the terms in the money core
// (earn.product.set). Users see the products the core knows, with their live counters (sold, nodes,
// participants) and their own counts; operators create and edit them. An edit of the terms is the core
// command `earn.product:<id>:v<version>`, so a retried save applies once, and two operators saving the
// same version at once cannot both win (the second is an idempotency mismatch).
import {
  type Amount,
  div,
  formatAmount,
  mul,
  parseAmount,
  roundTo,
  tryParseAmount,
} from '@coin/shared/money';
import { and, asc, eq } from 'drizzle-orm';
import type { EarnKind, EarnProductConfig, RepayWay } from '@/core/earn/earn-commands';
import type { EarnProductView } from '@/core/earn/earn-view';
import { earnProducts } from '@/db/schema';
import { AppError } from '@/lib/app-error';
import { appendAudit } from '@/lib/audit';
import { coreOf, type EarnContext } from './earn-context';
import type { Tier } from './tiers';

export const FINANCE_CATEGORIES = ['value_added', 'member', 'ordinary'] as const;
export type FinanceCategory = (typeof FINANCE_CATEGORIES)[number];

type Row = typeof earnProducts.$inferSelect;

/** What an operator sends for a product (amounts and rates as decimal strings). */
export interface ProductInput {
  kind: EarnKind;
  name: string;
  description?: string | undefined;
  sort?: number | undefined;
  asset: string;
  status: 'open' | 'closed';
  dailyRate: string;
  cycleDays: number;
  minAmount: string;
  maxAmount: string;
  // pledge
  userLimit?: string | undefined;
  buyableCount?: number | undefined;
  payout?: 'maturity' | 'daily' | undefined;
  earlyPenaltyRate?: string | undefined;
  // finance
  category?: FinanceCategory | undefined;
  lockDays?: number | undefined;
  cap?: string | undefined;
  participationLimit?: number | undefined;
  // loan
  periodDays?: number | undefined;
  repayWays?: RepayWay[] | undefined;
  overdueRate?: string | undefined;
  // defi
  gasAsset?: string | undefined;
  gasFee?: string | undefined;
  poolAddress?: string | undefined;
}

const required = (field: string) =>
  new AppError('VALIDATION_FAILED', [{ field, key: 'validation.required' }]);

/** A decimal with at most `decimals` places, canonical; a field error otherwise. */
function decimal(value: string | undefined, field: string, decimals: number): string {
  if (value === undefined) throw required(field);
  const parsed = tryParseAmount(value, decimals);
  if (!parsed.ok) {
    const key =
      parsed.code === 'AMOUNT_TOO_MANY_DECIMALS' ? 'validation.tooManyDecimals' : 'validation.numeric';
    throw new AppError('VALIDATION_FAILED', [{ field, key }]);
  }
  return formatAmount(parsed.value);
}

function need<T>(value: T | undefined, field: string): T {
  if (value === undefined) throw required(field);
  return value;
}

export class ProductService {
  constructor(private readonly ctx: EarnContext) {}

  /** The core's terms of an operator's input, checked against the asset's decimals. */
  private termsOf(id: string, input: ProductInput): EarnProductConfig {
    const asset = this.ctx.asset(input.asset);
    if (!asset)
      throw new AppError('EARN_PRODUCT_INVALID', [{ field: 'asset', key: 'errors.WALLET_ASSET_UNKNOWN' }]);
    const d = asset.decimals;
    const base = {
      id,
      asset: asset.asset,
      status: input.status,
      dailyRate: decimal(input.dailyRate, 'dailyRate', 18),
      cycleDays: input.cycleDays,
      minAmount: decimal(input.minAmount, 'minAmount', d),
      maxAmount: decimal(input.maxAmount, 'maxAmount', d),
    };
    if (parseAmount(base.minAmount) > parseAmount(base.maxAmount))
      throw new AppError('VALIDATION_FAILED', [{ field: 'maxAmount', key: 'validation.invalid' }]);
    switch (input.kind) {
      case 'pledge':
        return {
          ...base,
          kind: 'pledge',
          userLimit: decimal(input.userLimit, 'userLimit', d),
          buyableCount: need(input.buyableCount, 'buyableCount'),
          payout: need(input.payout, 'payout'),
          earlyPenaltyRate: decimal(input.earlyPenaltyRate, 'earlyPenaltyRate', 18),
        };
      case 'finance':
        return {
          ...base,
          kind: 'finance',
          lockDays: need(input.lockDays, 'lockDays'),
          cap: decimal(input.cap, 'cap', d),
          participationLimit: need(input.participationLimit, 'participationLimit'),
        };
      case 'loan':
        return {
          ...base,
          kind: 'loan',
          periodDays: need(input.periodDays, 'periodDays'),
          repayWays: need(input.repayWays, 'repayWays'),
          overdueRate: decimal(input.overdueRate, 'overdueRate', 18),
        };
      case 'defi': {
        const gas = this.ctx.asset(need(input.gasAsset, 'gasAsset'));
        if (!gas)
          throw new AppError('EARN_PRODUCT_INVALID', [
            { field: 'gasAsset', key: 'errors.WALLET_ASSET_UNKNOWN' },
          ]);
        return {
          ...base,
          kind: 'defi',
          gasAsset: gas.asset,
          gasFee: decimal(input.gasFee ?? '0', 'gasFee', gas.decimals),
        };
      }
    }
  }

  private display(input: ProductInput) {
    return {
      name: input.name,
      description: input.description ?? '',
      sort: input.sort ?? 0,
      category: input.kind === 'finance' ? need(input.category, 'category') : null,
      poolAddress: input.kind === 'defi' ? (input.poolAddress?.toLowerCase() ?? null) : null,
    };
  }

  private async submitTerms(
    operatorId: bigint | undefined,
    id: bigint,
    version: number,
    terms: EarnProductConfig,
  ) {
    const result = await coreOf(this.ctx.core()).submit({
      id: `earn.product:${id}:v${version}`,
      actor: operatorId === undefined ? 'system:earn-demo' : `op:${operatorId}`,
      ts: this.ctx.clock.now().getTime(),
      type: 'earn.product.set',
      payload: { product: terms },
    });
    if (!result.ok) {
      throw result.error === 'IDEMPOTENCY_MISMATCH'
        ? new AppError('IDEMPOTENCY_KEY_REUSED')
        : new AppError('EARN_PRODUCT_INVALID', [], { reason: result.error });
    }
  }

  /** A new product; without an operator it is the labelled demo's (earn-demo.ts). */
  async create(operatorId: bigint | undefined, input: ProductInput) {
    const display = this.display(input);
    // Terms are checked before the row exists (with a placeholder id); the core checks them again.
    this.termsOf('0', input);
    const now = this.ctx.clock.now();
    const [row] = await this.ctx.db
      .insert(earnProducts)
      .values({
        kind: input.kind,
        ...display,
        version: 1,
        createdBy: operatorId ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('product insert returned nothing');
    const terms = this.termsOf(row.id.toString(), input);
    try {
      await this.submitTerms(operatorId, row.id, 1, terms);
    } catch (err) {
      // Refused by the core: the row never becomes a product (rows the core does not know are never listed).
      await this.ctx.db.delete(earnProducts).where(eq(earnProducts.id, row.id));
      throw err;
    }
    await appendAudit(
      this.ctx.db,
      {
        actorType: operatorId === undefined ? 'system' : 'operator',
        actorId: operatorId?.toString() ?? 'earn-demo',
        action: 'earn.product.create',
        payload: { id: row.id.toString(), ...display, terms },
      },
      now,
    );
    return this.adminView(row);
  }

  async update(operatorId: bigint, id: bigint, input: ProductInput) {
    const row = await this.row(id);
    if (row.kind !== input.kind)
      throw new AppError('VALIDATION_FAILED', [{ field: 'kind', key: 'validation.oneOf' }]);
    const before = this.ctx.core().earn().product(id.toString())?.config;
    if (before && before.asset !== input.asset.toUpperCase())
      throw new AppError('VALIDATION_FAILED', [{ field: 'asset', key: 'validation.invalid' }]);
    const display = this.display(input);
    const terms = this.termsOf(id.toString(), input);
    const version = row.version + 1;
    await this.submitTerms(operatorId, id, version, terms);
    const now = this.ctx.clock.now();
    await this.ctx.db.transaction(async (tx) => {
      await tx
        .update(earnProducts)
        .set({ ...display, version, updatedAt: now })
        .where(and(eq(earnProducts.id, id), eq(earnProducts.version, row.version)));
      await appendAudit(
        tx,
        {
          actorType: 'operator',
          actorId: operatorId.toString(),
          action: 'earn.product.update',
          payload: { id: id.toString(), version, ...display, before: before ?? null, after: terms },
        },
        now,
      );
    });
    return this.adminView(await this.row(id));
  }

  async row(id: bigint): Promise<Row> {
    const [row] = await this.ctx.db.select().from(earnProducts).where(eq(earnProducts.id, id)).limit(1);
    if (!row) throw new AppError('EARN_PRODUCT_NOT_FOUND');
    return row;
  }

  /** A product the core knows, with its display row; EARN_PRODUCT_NOT_FOUND otherwise (or another kind). */
  async get(id: string, kind?: EarnKind): Promise<{ row: Row; view: EarnProductView }> {
    if (!/^\d{1,18}$/.test(id)) throw new AppError('EARN_PRODUCT_NOT_FOUND');
    const view = this.ctx.core().earn().product(id);
    if (!view || (kind && view.config.kind !== kind)) throw new AppError('EARN_PRODUCT_NOT_FOUND');
    return { row: await this.row(BigInt(id)), view };
  }

  /** Products of a kind the core knows, in display order. */
  async list(kind: EarnKind, category?: FinanceCategory): Promise<{ row: Row; view: EarnProductView }[]> {
    const where = category
      ? and(eq(earnProducts.kind, kind), eq(earnProducts.category, category))
      : eq(earnProducts.kind, kind);
    const rows = await this.ctx.db
      .select()
      .from(earnProducts)
      .where(where)
      .orderBy(asc(earnProducts.sort), asc(earnProducts.id));
    const earn = this.ctx.core().earn();
    return rows.flatMap((row) => {
      const view = earn.product(row.id.toString());
      return view && view.config.kind === kind ? [{ row, view }] : [];
    });
  }

  async adminList(kind?: EarnKind) {
    const rows = await this.ctx.db
      .select()
      .from(earnProducts)
      .where(kind ? eq(earnProducts.kind, kind) : undefined)
      .orderBy(asc(earnProducts.kind), asc(earnProducts.sort), asc(earnProducts.id));
    return rows.flatMap((row) => {
      const view = this.adminView(row);
      return view.terms ? [view] : [];
    });
  }

  adminView(row: Row) {
    const view = this.ctx.core().earn().product(row.id.toString());
    return {
      id: row.id.toString(),
      kind: row.kind,
      name: row.name,
      description: row.description,
      category: row.category,
      poolAddress: row.poolAddress,
      sort: row.sort,
      version: row.version,
      terms: view?.config ?? null,
      sold: view?.sold ?? '0',
      paidOut: view?.paidOut ?? '0',
      activePrincipal: view?.activePrincipal ?? '0',
      activeOrders: view?.activeOrders ?? 0,
      participants: view?.participants ?? 0,
      updateTime: row.updatedAt.toISOString(),
    };
  }
}

/** Daily income of `amount` at `rate`, rounded down to the asset's decimals (what a day would pay). */
export function dailyIncome(amount: string, rate: string, decimals: number): string {
  return formatAmount(roundTo(mul(parseAmount(amount), parseAmount(rate), 'down'), decimals, 'down'));
}

/** rate x 365 (the average annual yield a page shows beside the daily rate). */
export function annualRate(rate: string): string {
  return formatAmount(mul(parseAmount(rate), parseAmount('365'), 'down'));
}

/** sold / cap in percent, two places, rounded down (100 when sold out). */
export function progressPercent(sold: string, cap: string): string {
  const c = parseAmount(cap);
  if (c === 0n) return '0';
  const share = div(parseAmount(sold), c, 'down');
  return formatAmount(roundTo(mul(share, parseAmount('100') as Amount, 'down'), 2, 'down'));
}

export interface MemberRule {
  requiredTier: Tier;
}
