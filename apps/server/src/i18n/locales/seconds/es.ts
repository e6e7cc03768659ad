// Spanish server messages of seconds contracts; keys mirror ./en.ts.
import type { secondsEn } from './en';

export const secondsEs: Record<keyof typeof secondsEn, string> = {
  'errors.SECONDS_DISABLED': 'Los contratos de segundos no están disponibles',
  'errors.SECONDS_COUNTRY_BLOCKED': 'Los contratos de segundos no se ofrecen en tu país',
  'errors.SECONDS_NOTICE_REQUIRED':
    'Lee y confirma el aviso de riesgo antes de tu primer contrato de segundos',
  'errors.SECONDS_QUANTITY_NOT_INTEGER': 'La cantidad debe ser un número entero',
  'errors.SECONDS_SYMBOL_UNKNOWN': 'No hay contratos de segundos para esta moneda',
  'errors.SECONDS_PERIOD_UNKNOWN': 'Este periodo no existe',
  'errors.SECONDS_PERIOD_DISABLED': 'Este periodo no admite órdenes nuevas',
  'errors.SECONDS_STAKE_OUT_OF_RANGE': 'La cantidad debe estar entre {min} y {max}',
  'errors.SECONDS_INSUFFICIENT_BALANCE': 'Saldo disponible insuficiente',
  'errors.SECONDS_POOL_INSUFFICIENT':
    'El fondo de contratos no puede cubrir ahora el pago máximo de esta orden; prueba con una cantidad menor',
  'errors.SECONDS_PRICE_UNAVAILABLE':
    'No hay precio de índice actual para esta moneda; inténtalo de nuevo en breve',
  'errors.SECONDS_TOO_MANY_OPEN': 'Tienes demasiados contratos abiertos; espera a que se liquiden algunos',
  'errors.SECONDS_AMOUNT_TOO_LARGE': 'La cantidad es mayor de lo permitido',
  'errors.SECONDS_ORDER_REJECTED': 'La orden no fue aceptada',
  'errors.SECONDS_HOUSE_INSUFFICIENT': 'La cuenta de la casa no tiene ese saldo',
  'success.secondsOrderPlaced': 'Contrato abierto',
  'success.secondsNoticeAcknowledged': 'Aviso de riesgo confirmado',
  'success.secondsPeriodSaved': 'Periodo guardado',
  'success.secondsPoolMoved': 'Fondo actualizado',
  'fields.direction': 'Dirección',
  'fields.periodId': 'Periodo',
  'fields.durationSec': 'Duración',
  'fields.minStake': 'Cantidad mínima',
  'fields.maxStake': 'Cantidad máxima',
  'fields.enabled': 'Activo',
  'fields.country': 'País de residencia',
  'fields.accept': 'Confirmación',
};
