// Binance's error shape {code, msg} with its negative codes (docs/binance-compat.md "Errors"). The messages
// are Binance's own English texts: they are part of the protocol (ccxt and other clients match on them),
// so they are not translated like the messages of our own API.
import { AppError } from '@/lib/app-error';

export class BinanceError extends Error {
  constructor(
    readonly code: number,
    msg: string,
    readonly status = 400,
  ) {
    super(msg);
  }
}

export const binanceErrors = {
  unknown: () => new BinanceError(-1000, 'An unknown error occurred while processing the request.', 500),
  tooManyRequests: (limit: number) =>
    new BinanceError(
      -1003,
      `Too much request weight used; current limit is ${limit} request weight per 1 MINUTE. Please use WebSocket Streams for live updates to avoid polling the API.`,
      429,
    ),
  tooManyOrders: (limit: number, interval: string) =>
    new BinanceError(-1015, `Too many new orders; current limit is ${limit} orders per ${interval}.`, 429),
  unsupported: () => new BinanceError(-1020, 'This operation is not supported.'),
  timestamp: () => new BinanceError(-1021, 'Timestamp for this request is outside of the recvWindow.'),
  signature: () => new BinanceError(-1022, 'Signature for this request is not valid.'),
  replayed: () => new BinanceError(-1022, 'This signed request was already received.'),
  illegalChars: (name: string) =>
    new BinanceError(
      -1100,
      `Illegal characters found in parameter '${name}'; legal range is '${legal(name)}'.`,
    ),
  duplicateParam: () => new BinanceError(-1101, 'Duplicate values for a parameter detected.'),
  mandatory: (name: string) =>
    new BinanceError(-1102, `Mandatory parameter '${name}' was not sent, was empty/null, or malformed.`),
  eitherMandatory: (a: string, b: string) =>
    new BinanceError(-1102, `Param '${a}' or '${b}' must be sent, but both were empty/null!`),
  notRequired: (name: string) => new BinanceError(-1106, `Parameter '${name}' sent when not required.`),
  timeInForce: () => new BinanceError(-1115, 'Invalid timeInForce.'),
  orderType: () => new BinanceError(-1116, 'Invalid orderType.'),
  side: () => new BinanceError(-1117, 'Invalid side.'),
  interval: () => new BinanceError(-1120, 'Invalid interval.'),
  symbol: () => new BinanceError(-1121, 'Invalid symbol.'),
  listenKey: () => new BinanceError(-1125, 'This listenKey does not exist.'),
  badCombo: () => new BinanceError(-1128, 'Combination of optional parameters invalid.'),
  invalidParam: (name: string) => new BinanceError(-1130, `Data sent for parameter '${name}' is not valid.`),
  recvWindow: () => new BinanceError(-1131, 'recvWindow must be less than 60000'),
  filter: (name: string) => new BinanceError(-1013, `Filter failure: ${name}`),
  rejected: (msg: string) => new BinanceError(-2010, msg),
  cancelRejected: () => new BinanceError(-2011, 'Unknown order sent.'),
  noSuchOrder: () => new BinanceError(-2013, 'Order does not exist.'),
  keyFormat: () => new BinanceError(-2014, 'API-key format invalid.', 401),
  keyRejected: () => new BinanceError(-2015, 'Invalid API-key, IP, or permissions for action.', 401),
};

function legal(name: string): string {
  if (name === 'symbol') return '^[A-Z0-9-_.]{1,20}$';
  if (name === 'newClientOrderId' || name === 'origClientOrderId') return '^[\\.A-Z\\:a-z0-9_-]{1,36}$';
  return '^([0-9]{1,20})(\\.[0-9]{1,20})?$';
}

/** Our service refusals (AppError codes) in Binance's terms. */
export function fromAppError(err: AppError): BinanceError {
  switch (err.errorCode) {
    case 'SPOT_MARKET_UNKNOWN':
      return binanceErrors.symbol();
    case 'SPOT_MARKET_HALTED':
      return binanceErrors.rejected('Market is closed.');
    case 'SPOT_PRICE_INVALID':
      return binanceErrors.filter('PRICE_FILTER');
    case 'SPOT_QUANTITY_INVALID':
    case 'SPOT_BELOW_MIN_QTY':
    case 'SPOT_AMOUNT_TOO_LARGE':
      return binanceErrors.filter('LOT_SIZE');
    case 'SPOT_BELOW_MIN_NOTIONAL':
      return binanceErrors.filter('MIN_NOTIONAL');
    case 'SPOT_INSUFFICIENT_BALANCE':
      return binanceErrors.rejected('Account has insufficient balance for requested action.');
    case 'SPOT_POST_ONLY_WOULD_TAKE':
      return binanceErrors.rejected('Order would immediately match and take.');
    case 'SPOT_NO_LIQUIDITY':
      return binanceErrors.rejected('Order book liquidity is less than LOT_SIZE filter minimum quantity.');
    case 'SPOT_CLIENT_ORDER_ID_IN_USE':
      return binanceErrors.rejected('Duplicate order sent.');
    case 'SPOT_ORDER_NOT_FOUND':
      return binanceErrors.noSuchOrder();
    case 'SPOT_ORDER_REJECTED':
      return binanceErrors.rejected('Order was rejected.');
    case 'VALIDATION_FAILED':
      return binanceErrors.illegalChars(err.fields[0]?.field ?? 'quantity');
    case 'API_KEY_INVALID':
    case 'API_KEY_IP_DENIED':
    case 'API_KEY_PERMISSION_DENIED':
    case 'API_KEY_ROUTE_NOT_ALLOWED':
      return binanceErrors.keyRejected();
    case 'API_SIGNATURE_INVALID':
      return binanceErrors.signature();
    case 'API_TIMESTAMP_INVALID':
      return binanceErrors.timestamp();
    case 'API_REQUEST_REPLAYED':
      return binanceErrors.replayed();
    case 'RATE_LIMITED':
      return new BinanceError(-1003, 'Too many requests.', 429);
    default:
      return err.status >= 500
        ? binanceErrors.unknown()
        : new BinanceError(-1000, 'An unknown error occurred while processing the request.', err.status);
  }
}

/** Any thrown value as a Binance error (5xx internals never leak). */
export function toBinanceError(err: unknown): BinanceError {
  if (err instanceof BinanceError) return err;
  if (err instanceof AppError) return fromAppError(err);
  const status = (err as { statusCode?: number }).statusCode;
  if (status === 413) return new BinanceError(-1000, 'The request is too large.', 413);
  if (status === 415) return new BinanceError(-1000, 'Unsupported content type.', 415);
  if (status !== undefined && status >= 400 && status < 500)
    return new BinanceError(-1000, 'The request could not be understood.', status);
  return binanceErrors.unknown();
}
