// Spanish server messages of spot margin; keys mirror ./en.ts.
import type { marginEn } from './en';

export const marginEs: Record<keyof typeof marginEn, string> = {
  'errors.MARGIN_DISABLED': 'El trading con margen no está disponible en esta plataforma',
  'errors.MARGIN_PAIR_UNKNOWN': 'El trading con margen no se ofrece para este par',
  'errors.MARGIN_COIN_UNKNOWN': 'Esta moneda no se puede pedir prestada ni mantener en esta cuenta de margen',
  'errors.MARGIN_LEVEL_TOO_LOW':
    'Esto dejaría el nivel de margen por debajo de lo que permite su apalancamiento',
  'errors.MARGIN_BORROW_LIMIT': 'Es más de lo que puede pedir prestado ahora',
  'errors.MARGIN_REPAY_EXCEEDS_DEBT': 'Es más de lo que debe (principal e intereses)',
  'errors.MARGIN_LEVERAGE_INVALID': 'Este apalancamiento no se ofrece',
  'errors.MARGIN_PRICE_UNAVAILABLE':
    'Los precios no están disponibles ahora; inténtelo de nuevo en unos momentos',
  'errors.MARGIN_LIQUIDATING': 'Esta cuenta de margen se está liquidando',
  'errors.MARGIN_POOL_INSUFFICIENT': 'El fondo de préstamos no puede prestar tanto ahora',
  'errors.MARGIN_INSUFFICIENT_BALANCE': 'Saldo disponible insuficiente en la cuenta',
  'errors.MARGIN_AMOUNT_INVALID':
    'Introduzca un importe válido sin más decimales de los que permite esta moneda',
  'errors.MARGIN_AMOUNT_TOO_LARGE': 'El importe supera lo permitido',
  'errors.MARGIN_REJECTED': 'La solicitud no fue aceptada',
  'errors.MARGIN_SIDE_EFFECT_SPOT':
    'El préstamo y el reembolso automáticos son solo para órdenes de una cuenta de margen',
  'success.marginBorrowed': 'Préstamo realizado',
  'success.marginRepaid': 'Reembolsado',
  'success.marginLeverageUpdated': 'Apalancamiento actualizado',
  'success.marginPoolChanged': 'Fondo de préstamos actualizado',
  'mail.marginCallSubject': 'Llamada de margen: su nivel de margen es {level}',
  'mail.marginCallBody':
    'Su nivel de margen ha bajado a {level}, por debajo del nivel de aviso de {call}. Al llegar a {liquidation} la cuenta se liquida automáticamente. Transfiera fondos o reembolse para subir el nivel.',
  'fields.sideEffect': 'Préstamo/reembolso automático',
  'fields.leverage': 'Apalancamiento',
  'fields.hourlyRate': 'Tasa por hora',
};
