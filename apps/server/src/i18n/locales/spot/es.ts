// Spanish server messages of spot trading; keys mirror ./en.ts.
import type { spotEn } from './en';

export const spotEs: Record<keyof typeof spotEn, string> = {
  'errors.SPOT_MARKET_UNKNOWN': 'Este mercado al contado no existe',
  'errors.SPOT_MARKET_HALTED': 'La negociación en este mercado está detenida',
  'errors.SPOT_PRICE_INVALID': 'El precio debe ser un múltiplo positivo del paso de precio {tick}',
  'errors.SPOT_QUANTITY_INVALID': 'La cantidad debe ser un múltiplo del lote {lot}',
  'errors.SPOT_BELOW_MIN_QTY': 'La cantidad está por debajo del mínimo de {min}',
  'errors.SPOT_BELOW_MIN_NOTIONAL': 'El valor de la orden está por debajo del mínimo de {min}',
  'errors.SPOT_INSUFFICIENT_BALANCE': 'Saldo disponible insuficiente',
  'errors.SPOT_POST_ONLY_WOULD_TAKE': 'Esta orden solo maker se ejecutaría de inmediato y no se colocó',
  'errors.SPOT_NO_LIQUIDITY': 'No hay órdenes del otro lado con las que operar',
  'errors.SPOT_ORDER_NOT_FOUND': 'Orden no encontrada o ya cerrada',
  'errors.SPOT_CLIENT_ORDER_ID_IN_USE': 'Este ID de orden de cliente ya lo usa una de sus órdenes abiertas',
  'errors.SPOT_AMOUNT_TOO_LARGE': 'La orden supera lo permitido',
  'errors.SPOT_ORDER_REJECTED': 'La orden no fue aceptada',
  'success.orderPlaced': 'Orden colocada',
  'success.orderCancelled': 'Orden cancelada',
  'fields.side': 'Lado',
  'fields.price': 'Precio',
  'fields.quantity': 'Cantidad',
  'fields.quoteQuantity': 'Importe a gastar',
  'fields.timeInForce': 'Vigencia',
  'fields.clientOrderId': 'ID de orden de cliente',
  'fields.orderId': 'ID de orden',
  'fields.pair': 'Par de negociación',
};
