// DeFi mining (DESIGN section 1, "No wallet drainers"): a user proves a wallet address by signing an
// EIP-4361 (Sign-In with Ethereum) message with a single-use nonce; `sendApproveHash` takes that signed
// proof, never a transaction hash or a token allowance. The platform never asks a wallet for approve or
// permit: stakes come from the user's platform finance account. Signatures are checked with viem.
//
// The server writes the message (the domain and URI of the request, the address and chain the wallet
// reported, a statement that says what the signature is not) and keeps it with its nonce, bound to the
// user; the proof must be that exact message, signed by that address, before it expires, once.
import { randomBytes } from 'node:crypto';
import type { Language } from '@coin/shared/languages';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { getAddress, verifyMessage } from 'viem';
import { createSiweMessage, parseSiweMessage } from 'viem/siwe';
import { earnSiweNonces, earnWalletAddresses } from '@/db/schema';
import { t } from '@/i18n/translate';
import { AppError } from '@/lib/app-error';
import { type EarnContext, requireEnabled } from './earn-context';
import type { OrderService, OrderView } from './order-service';

export const ADDRESS_INPUT = /^0x[0-9a-fA-F]{40}$/;

export class DefiService {
  constructor(
    private readonly ctx: EarnContext,
    private readonly orders: OrderService,
  ) {}

  /** A fresh sign-in message for `address` on `chainId`, for the signed-in user. */
  async nonce(
    userId: bigint,
    body: { address: string; chainId: number },
    site: { host: string; protocol: string },
    lang: Language,
  ) {
    await requireEnabled(this.ctx, 'defi');
    const address = getAddress(body.address);
    const now = this.ctx.clock.now();
    const expiresAt = new Date(now.getTime() + this.ctx.config.EARN_SIWE_TTL_SECONDS * 1000);
    const nonce = randomBytes(16).toString('hex');
    const message = createSiweMessage({
      domain: site.host,
      address,
      statement: t(lang, 'earn.siweStatement', { brand: await this.ctx.brand() }),
      uri: `${site.protocol}://${site.host}`,
      version: '1',
      chainId: body.chainId,
      nonce,
      issuedAt: now,
      expirationTime: expiresAt,
    });
    await this.ctx.db.insert(earnSiweNonces).values({
      nonce,
      userId,
      address: address.toLowerCase(),
      chainId: body.chainId,
      message,
      createdAt: now,
      expiresAt,
    });
    return { nonce, message, address, chainId: body.chainId, expiresAt: expiresAt.toISOString() };
  }

  /**
   * The signed proof: the exact message issued to this user, signed by its address, unexpired and unused.
   * A bad signature changes nothing (the nonce stays usable until it expires); a good one uses the nonce
   * and links the address to the user.
   */
  async proveAddress(userId: bigint, body: { message: string; signature: string }) {
    let nonce: string | undefined;
    try {
      nonce = parseSiweMessage(body.message).nonce;
    } catch {
      nonce = undefined;
    }
    if (!nonce)
      throw new AppError('EARN_WALLET_MESSAGE_INVALID', [
        { field: 'message', key: 'errors.EARN_WALLET_MESSAGE_INVALID' },
      ]);
    const [row] = await this.ctx.db
      .select()
      .from(earnSiweNonces)
      .where(eq(earnSiweNonces.nonce, nonce))
      .limit(1);
    const now = this.ctx.clock.now();
    if (!row || row.userId !== userId || row.usedAt !== null || row.expiresAt.getTime() <= now.getTime())
      throw new AppError('EARN_WALLET_NONCE_INVALID');
    if (row.message !== body.message)
      throw new AppError('EARN_WALLET_MESSAGE_INVALID', [
        { field: 'message', key: 'errors.EARN_WALLET_MESSAGE_INVALID' },
      ]);
    const valid = await verifyMessage({
      address: getAddress(row.address),
      message: row.message,
      signature: body.signature as `0x${string}`,
    }).catch(() => false);
    if (!valid)
      throw new AppError('EARN_WALLET_SIGNATURE_INVALID', [
        { field: 'signature', key: 'errors.EARN_WALLET_SIGNATURE_INVALID' },
      ]);
    await this.ctx.db.transaction(async (tx) => {
      const [used] = await tx
        .update(earnSiweNonces)
        .set({ usedAt: now })
        .where(and(eq(earnSiweNonces.nonce, nonce), isNull(earnSiweNonces.usedAt)))
        .returning({ nonce: earnSiweNonces.nonce });
      // Two submissions of one proof: only the first uses the nonce.
      if (!used) throw new AppError('EARN_WALLET_NONCE_INVALID');
      const [owner] = await tx
        .select()
        .from(earnWalletAddresses)
        .where(eq(earnWalletAddresses.address, row.address))
        .limit(1);
      if (owner && owner.userId !== userId) throw new AppError('EARN_WALLET_ADDRESS_TAKEN');
      if (owner) {
        await tx
          .update(earnWalletAddresses)
          .set({ chainId: row.chainId, message: row.message, signature: body.signature, createdAt: now })
          .where(eq(earnWalletAddresses.id, owner.id));
      } else {
        await tx.insert(earnWalletAddresses).values({
          userId,
          address: row.address,
          chainId: row.chainId,
          message: row.message,
          signature: body.signature,
          createdAt: now,
        });
      }
    });
    return {
      address: row.address,
      chainId: row.chainId,
      gasPaid: this.ctx.core().earn().gasPaid(row.address),
    };
  }

  async addresses(userId: bigint) {
    const rows = await this.ctx.db
      .select()
      .from(earnWalletAddresses)
      .where(eq(earnWalletAddresses.userId, userId))
      .orderBy(asc(earnWalletAddresses.id));
    const earn = this.ctx.core().earn();
    return rows.map((r) => ({
      address: r.address,
      chainId: r.chainId,
      provenTime: r.createdAt.toISOString(),
      gasPaid: earn.gasPaid(r.address),
    }));
  }

  /** Stakes from the finance account in a pool with a proven address (its gas fee the first time). */
  async join(
    userId: bigint,
    body: { productId: string; amount: string; address: string },
    key: string | undefined,
  ): Promise<OrderView> {
    await requireEnabled(this.ctx, 'defi');
    const address = body.address.toLowerCase();
    const [mine] = await this.ctx.db
      .select({ id: earnWalletAddresses.id })
      .from(earnWalletAddresses)
      .where(and(eq(earnWalletAddresses.userId, userId), eq(earnWalletAddresses.address, address)))
      .limit(1);
    if (!mine)
      throw new AppError('EARN_WALLET_NOT_PROVEN', [
        { field: 'address', key: 'errors.EARN_WALLET_NOT_PROVEN' },
      ]);
    return this.orders.subscribe(
      userId,
      'defi',
      { productId: body.productId, amount: body.amount, address },
      key,
    );
  }
}
