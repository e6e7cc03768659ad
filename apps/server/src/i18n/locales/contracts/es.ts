// Spanish server messages of perpetual contracts; keys mirror ./en.ts.
import type { contractsEn } from './en';

export const contractsEs: Record<keyof typeof contractsEn, string> = {
  'errors.CONTRACT_MARKET_UNKNOWN': 'Este mercado de contratos no existe',
  'errors.CONTRACT_MARKET_HALTED': 'La negociación en este mercado de contratos está suspendida',
  'errors.CONTRACT_PRICE_INVALID': 'El precio debe ser un múltiplo positivo del tamaño de tick',
  'errors.CONTRACT_QUANTITY_INVALID':
    'La cantidad debe ser un múltiplo positivo del lote y al menos el mínimo',
  'errors.CONTRACT_INSUFFICIENT_BALANCE': 'Saldo disponible insuficiente en la cuenta de contratos',
  'errors.CONTRACT_NO_LIQUIDITY': 'No hay órdenes del otro lado con las que operar',
  'errors.CONTRACT_ORDER_NOT_FOUND': 'Orden no encontrada o ya no está abierta',
  'errors.CONTRACT_POSITION_NOT_FOUND': 'Posición no encontrada',
  'errors.CONTRACT_LEVERAGE_TOO_HIGH':
    'El apalancamiento supera el máximo de este mercado o tamaño de posición',
  'errors.CONTRACT_REDUCE_ONLY':
    'Una orden de cierre no puede ser mayor que la posición abierta (menos lo que ya se está cerrando)',
  'errors.CONTRACT_MARGIN_BELOW_INITIAL': 'El margen no puede reducirse por debajo del margen inicial',
  'errors.CONTRACT_TPSL_WRONG_SIDE':
    'El take-profit debe estar más allá del precio de marca y el stop-loss entre el precio de marca y el de liquidación',
  'errors.CONTRACT_MODE_LOCKED':
    'El modo de margen solo puede cambiarse sin posiciones ni órdenes abiertas en este mercado',
  'errors.CONTRACT_PRICE_STALE':
    'No hay un precio de marca reciente para este mercado; inténtelo de nuevo en breve',
  'errors.CONTRACT_AMOUNT_TOO_LARGE': 'La orden supera lo permitido',
  'errors.CONTRACT_COUNTRY_BLOCKED': 'El trading de contratos no está disponible en su país o región',
  'errors.CONTRACT_REJECTED': 'La orden no fue aceptada',
  'success.positionClosed': 'Posición cerrada',
  'success.marginAdjusted': 'Margen ajustado',
  'success.tpslSet': 'Take-profit y stop-loss establecidos',
  'success.tpslCleared': 'Take-profit y stop-loss eliminados',
  'success.leverageSet': 'Apalancamiento establecido',
  'fields.leverage': 'Apalancamiento',
  'fields.money': 'Importe',
  'fields.flag': 'Añadir o reducir',
  'fields.takeProfit': 'Precio de take-profit',
  'fields.stopLoss': 'Precio de stop-loss',
  'fields.symbolNameList': 'Mercados',
  'fields.oneKeySymbolNameList': 'Mercados a cerrar',
  'fields.symbolName': 'Mercado',
  'errors.CONTRACT_TRIGGER_WRONG_SIDE':
    'El precio de activación de un stop de compra debe estar por encima del precio de marca y el de venta por debajo',
  'errors.CONTRACT_TOO_MANY_STOPS': 'Tiene demasiadas órdenes stop en espera en este mercado',
  'fields.triggerPrice': 'Precio de activación',
};
