// The bank card (spec sections 3 and 5: number and bank name required, the rest optional, immutable once
// saved), payment methods for peer-to-peer trading (a bank account or an e-wallet, in the certified real
// name) and binding the missing email or phone with a code (email certification). Account numbers are
// stored encrypted; the owner sees the last four digits.
import { normalizePhone } from '@coin/shared/auth-schemas';
import { type BankCardBody, PAYMENT_METHODS_MAX, type PaymentBody } from '@coin/shared/identity-schemas';
import { maskEmail, maskPhone } from '@coin/shared/mask';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { paymentMethods, userBankCards, users, walletUploads } from '@/db/schema';
import { uniqueViolation } from '@/db/unique-violation';
import { AppError } from '@/lib/app-error';
import type { Clock } from '@/lib/clock';
import type { UserInfoReader } from '@/modules/user/user-info';
import { findUserByEmail, findUserByPhone } from '@/modules/user/user-repository';
import type { CodeService } from '@/modules/verification/code-service';
import type { KycService } from './kyc-service';
import { UPLOAD_LINK } from './kyc-service';
import { last4, maskNumber, type PiiCipher } from './pii';

type BankRow = typeof userBankCards.$inferSelect;
type PaymentRow = typeof paymentMethods.$inferSelect;

function bankView(row: BankRow) {
  return {
    cardNo: maskNumber(row.cardNoLast4),
    bankName: row.bankName,
    bankAddress: row.bankAddress,
    swiftCode: row.swiftCode,
    branchName: row.branchName,
    homeAddress: row.homeAddress,
    createTime: row.createdAt.toISOString(),
  };
}

function paymentView(row: PaymentRow) {
  return {
    id: row.id.toString(),
    kind: row.kind,
    holderName: row.holderName,
    bankName: row.kind === 'bank' ? row.provider : null,
    provider: row.kind === 'ewallet' ? row.provider : null,
    account: maskNumber(row.accountLast4),
    branchName: row.branchName,
    qrCode: row.qrCode === null ? null : `${UPLOAD_LINK}${row.qrCode}`,
    createTime: row.createdAt.toISOString(),
  };
}

/** Names compare without case and with runs of spaces collapsed ("Li  Lei" is "li lei"). */
function sameName(a: string, b: string): boolean {
  const norm = (s: string) => s.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
  return norm(a) === norm(b);
}

export class BankService {
  constructor(
    private readonly db: Executor,
    private readonly clock: Clock,
    private readonly pii: PiiCipher,
    private readonly kyc: KycService,
    private readonly codes: CodeService,
    private readonly infos: UserInfoReader,
  ) {}

  /** getbank: the caller's card, or null. */
  async getCard(userId: bigint) {
    const [row] = await this.db.select().from(userBankCards).where(eq(userBankCards.userId, userId)).limit(1);
    return row ? bankView(row) : null;
  }

  async saveCard(userId: bigint, body: BankCardBody) {
    try {
      const [row] = await this.db
        .insert(userBankCards)
        .values({
          userId,
          cardNoEnc: this.pii.encrypt(body.cardNo),
          cardNoLast4: last4(body.cardNo),
          bankName: body.bankName,
          bankAddress: body.bankAddress ?? null,
          swiftCode: body.swiftCode ?? null,
          branchName: body.branchName ?? null,
          homeAddress: body.homeAddress ?? null,
          createdAt: this.clock.now(),
        })
        .returning();
      if (!row) throw new Error('insert returned nothing');
      return bankView(row);
    } catch (err) {
      // The primary key is the user: a second card is refused, however the requests race.
      if (uniqueViolation(err)) throw new AppError('BANK_CARD_ALREADY_BOUND');
      throw err;
    }
  }

  async listPayments(userId: bigint) {
    const rows = await this.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.userId, userId))
      .orderBy(asc(paymentMethods.id));
    return rows.map(paymentView);
  }

  /**
   * The user's payment methods with the full account, for the counterparty of an OTC order (docs/otc.md:
   * only the order's buyer, seller and appeal operators see them). `ids` narrows the list.
   */
  async paymentsForTrade(userId: bigint, ids?: readonly bigint[]) {
    const rows = await this.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.userId, userId))
      .orderBy(asc(paymentMethods.id));
    return rows
      .filter((r) => ids === undefined || ids.includes(r.id))
      .map((r) => ({ ...paymentView(r), account: this.pii.decrypt(r.accountEnc) }));
  }

  async addPayment(userId: bigint, body: PaymentBody) {
    const name = await this.kyc.certifiedName(userId);
    if (name === undefined) throw new AppError('KYC_PRIMARY_REQUIRED');
    if (!sameName(name, body.holderName)) {
      throw new AppError('PAYMENT_NAME_MISMATCH', [
        { field: 'holderName', key: 'errors.PAYMENT_NAME_MISMATCH' },
      ]);
    }
    const qrCode = body.kind === 'ewallet' ? body.qrCode : undefined;
    return this.db.transaction(async (tx) => {
      // Serializes one user's additions so the limit holds under concurrency.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const [n] = await tx
        .select({ n: count() })
        .from(paymentMethods)
        .where(eq(paymentMethods.userId, userId));
      if ((n?.n ?? 0) >= PAYMENT_METHODS_MAX) throw new AppError('PAYMENT_METHODS_LIMIT');
      if (qrCode !== undefined) {
        const [owned] = await tx
          .select({ name: walletUploads.name })
          .from(walletUploads)
          .where(and(eq(walletUploads.name, qrCode), eq(walletUploads.userId, userId)))
          .limit(1);
        if (!owned)
          throw new AppError('KYC_PHOTO_NOT_FOUND', [{ field: 'qrCode', key: 'errors.KYC_PHOTO_NOT_FOUND' }]);
      }
      const [row] = await tx
        .insert(paymentMethods)
        .values({
          userId,
          kind: body.kind,
          holderName: body.holderName,
          provider: body.kind === 'bank' ? body.bankName : body.provider,
          accountEnc: this.pii.encrypt(body.account),
          accountLast4: last4(body.account),
          branchName: body.kind === 'bank' ? (body.branchName ?? null) : null,
          qrCode: qrCode ?? null,
          createdAt: this.clock.now(),
        })
        .returning();
      if (!row) throw new Error('insert returned nothing');
      return paymentView(row);
    });
  }

  async deletePayment(userId: bigint, id: bigint): Promise<void> {
    const gone = await this.db
      .delete(paymentMethods)
      .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId)))
      .returning({ id: paymentMethods.id });
    if (gone.length === 0) throw new AppError('PAYMENT_METHOD_NOT_FOUND');
  }

  /**
   * Binds the email (email certification) or phone an account does not have yet, with a `bind` code sent
   * to it. Changing an existing one is a security setting (old and new target confirmed), not this.
   */
  async bindContact(userId: bigint, type: 'email' | 'phone', rawTarget: string, code: string) {
    const target = type === 'email' ? rawTarget.trim().toLowerCase() : normalizePhone(rawTarget);
    const field = type === 'email' ? 'email' : 'phone';
    const [me] = await this.db.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!me) throw new AppError('AUTH_TOKEN_INVALID');
    if ((type === 'email' ? me.email : me.phone) !== null) throw new AppError('CONTACT_ALREADY_BOUND');
    const owner =
      type === 'email' ? await findUserByEmail(this.db, target) : await findUserByPhone(this.db, target);
    if (owner) {
      const takenCode = type === 'email' ? 'USER_EMAIL_TAKEN' : 'USER_PHONE_TAKEN';
      throw new AppError(takenCode, [{ field, key: `errors.${takenCode}` }]);
    }
    await this.codes.consume({ channel: type === 'email' ? 'email' : 'sms', target, purpose: 'bind' }, code);
    try {
      const set = type === 'email' ? { email: target } : { phone: target };
      const column = type === 'email' ? users.email : users.phone;
      const updated = await this.db
        .update(users)
        .set({ ...set, updatedAt: this.clock.now() })
        .where(and(eq(users.id, userId), isNull(column)))
        .returning({ id: users.id });
      if (updated.length === 0) throw new AppError('CONTACT_ALREADY_BOUND');
    } catch (err) {
      const constraint = uniqueViolation(err);
      if (constraint === 'users_email_uq')
        throw new AppError('USER_EMAIL_TAKEN', [{ field, key: 'errors.USER_EMAIL_TAKEN' }]);
      if (constraint === 'users_phone_uq')
        throw new AppError('USER_PHONE_TAKEN', [{ field, key: 'errors.USER_PHONE_TAKEN' }]);
      throw err;
    }
    await this.infos.invalidate(userId);
    return type === 'email' ? { email: maskEmail(target) } : { phone: maskPhone(target) };
  }
}
