// The OTC (peer-to-peer) part's commands and read view (docs/otc.md "Core"). Imported by core/types.ts
// into the Command union; plain JSON like every other command.
//
// Money of an OTC trade never leaves the core while the trade is open: a merchant's sell-ad reserve is
// frozen on the merchant account (type 8), an order's coins sit in the `otc_escrow` system account from
// open to release or return, and who may move them is decided here from the command's actor (the buyer
// marks paid and cancels, the seller releases, an operator resolves an appeal, the system cancels only
// after the payment deadline and only an unpaid order).

/** Where a side's coins live: a user's spot account or a merchant's merchant account (type 8). */
export type OtcAccount = 'spot' | 'merchant';

export interface OtcOrderOpen {
  orderId: string;
  sellerId: string;
  buyerId: string;
  asset: string;
  amount: string;
  /** A sell ad's id: the coins come from its reserve (and return to it while it is open). */
  adId?: string;
  /** Where the seller's coins come from when there is no ad reserve, and where returns go. */
  sellerAccount: OtcAccount;
  /** Where the buyer is credited on release. */
  buyerAccount: OtcAccount;
  /** Payment deadline (ms): the system may cancel an unpaid order at or after it. */
  deadline: number;
}

export type OtcCommand =
  | {
      /** A merchant's deposit: spot available -> merchant frozen (one per user and asset). */
      type: 'otc.deposit';
      payload: { userId: string; asset: string; amount: string };
    }
  | {
      /** The whole deposit back: merchant frozen -> spot available (application refused, merchant left). */
      type: 'otc.deposit.return';
      payload: { userId: string; asset: string };
    }
  | {
      /** A sell ad's reserve: merchant available -> merchant frozen. */
      type: 'otc.ad.open';
      payload: { adId: string; userId: string; asset: string; amount: string };
    }
  | {
      /** Sets what is left of a sell ad's reserve to `amount` (freezes or frees the difference). */
      type: 'otc.ad.resize';
      payload: { adId: string; amount: string };
    }
  | {
      /** Closes a sell ad: its reserve back to merchant available; its open orders return there later. */
      type: 'otc.ad.close';
      payload: { adId: string };
    }
  | { type: 'otc.order.open'; payload: OtcOrderOpen }
  | { type: 'otc.order.paid'; payload: { orderId: string } }
  | { type: 'otc.order.release'; payload: { orderId: string } }
  | { type: 'otc.order.cancel'; payload: { orderId: string; reason: 'buyer' | 'timeout' } }
  | { type: 'otc.order.resolve'; payload: { orderId: string; to: 'buyer' | 'seller' } };

export const OTC_CORE_ERRORS = [
  /** The actor may not do this to the order (not its buyer, seller, an operator or the system). */
  'OTC_NOT_ALLOWED',
  /** The order is not in a state that allows it (release before payment, cancel after payment ...). */
  'OTC_WRONG_STATE',
  /** A timeout cancel before the payment deadline. */
  'OTC_NOT_DUE',
  'OTC_AD_NOT_FOUND',
  'OTC_ORDER_NOT_FOUND',
  /** An ad or order id, or a deposit, that already exists. */
  'OTC_EXISTS',
] as const;

export type OtcOrderState = 'waiting' | 'paid';

export interface OtcOrderView {
  orderId: string;
  sellerId: string;
  buyerId: string;
  asset: string;
  amount: string;
  adId: string | null;
  sellerAccount: OtcAccount;
  buyerAccount: OtcAccount;
  deadline: number;
  state: OtcOrderState;
}

export interface OtcReader {
  order(orderId: string): OtcOrderView | undefined;
  /** Up to `limit` unpaid orders whose payment deadline is at or before `now` (the timeout job's check). */
  overdue(now: number, limit: number): OtcOrderView[];
  /** What is left of a sell ad's reserve (undefined: no such open ad). */
  adReserve(adId: string): string | undefined;
  deposit(userId: string, asset: string): string | undefined;
  /** Sum of the open orders' amounts of an asset (equals the escrow account). */
  escrowed(asset: string): string;
  openOrderCount(): number;
}
