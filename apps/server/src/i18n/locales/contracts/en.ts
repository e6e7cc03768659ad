// English server messages of perpetual contracts; keys merged into ../en.ts.
export const contractsEn = {
  'errors.CONTRACT_MARKET_UNKNOWN': 'This contract market does not exist',
  'errors.CONTRACT_MARKET_HALTED': 'Trading in this contract market is halted',
  'errors.CONTRACT_PRICE_INVALID': 'The price must be a positive multiple of the tick size',
  'errors.CONTRACT_QUANTITY_INVALID':
    'The quantity must be a positive multiple of the lot size and at least the minimum',
  'errors.CONTRACT_INSUFFICIENT_BALANCE': 'Insufficient available balance in the contract account',
  'errors.CONTRACT_NO_LIQUIDITY': 'There are no orders on the other side to trade against',
  'errors.CONTRACT_ORDER_NOT_FOUND': 'Order not found or no longer open',
  'errors.CONTRACT_POSITION_NOT_FOUND': 'Position not found',
  'errors.CONTRACT_LEVERAGE_TOO_HIGH': 'The leverage is above the maximum for this market or position size',
  'errors.CONTRACT_REDUCE_ONLY':
    'A close order cannot be larger than the open position (less what is already being closed)',
  'errors.CONTRACT_MARGIN_BELOW_INITIAL': 'Margin cannot be reduced below the initial margin',
  'errors.CONTRACT_TPSL_WRONG_SIDE':
    'Take-profit must be beyond the mark price and stop-loss between the mark and the liquidation price',
  'errors.CONTRACT_MODE_LOCKED':
    'The margin mode can only be changed with no open position or order in this market',
  'errors.CONTRACT_PRICE_STALE': 'No recent mark price for this market; please try again shortly',
  'errors.CONTRACT_AMOUNT_TOO_LARGE': 'The order is larger than allowed',
  'errors.CONTRACT_COUNTRY_BLOCKED': 'Contract trading is not offered in your country or region',
  'errors.CONTRACT_REJECTED': 'The order was not accepted',
  'success.positionClosed': 'Position closed',
  'success.marginAdjusted': 'Margin adjusted',
  'success.tpslSet': 'Take-profit and stop-loss set',
  'success.tpslCleared': 'Take-profit and stop-loss cleared',
  'success.leverageSet': 'Leverage set',
  'fields.leverage': 'Leverage',
  'fields.money': 'Amount',
  'fields.flag': 'Add or reduce',
  'fields.takeProfit': 'Take-profit price',
  'fields.stopLoss': 'Stop-loss price',
  'fields.symbolNameList': 'Markets',
  'fields.oneKeySymbolNameList': 'Markets to close',
  'fields.symbolName': 'Market',
  'errors.CONTRACT_TRIGGER_WRONG_SIDE':
    "A buy stop's trigger must be above the mark price and a sell stop's below it",
  'errors.CONTRACT_TOO_MANY_STOPS': 'You have too many stop orders waiting in this market',
  'fields.triggerPrice': 'Trigger price',
} as const;
