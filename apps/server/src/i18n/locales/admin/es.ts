// admin area server messages; keys mirror ./en.ts.
import type { adminEn } from './en';

export const adminEs: Record<keyof typeof adminEn, string> = {
  'errors.ADMIN_USER_NOT_FOUND': 'Usuario no encontrado',
  'errors.ADJUSTMENT_NOT_FOUND': 'Solicitud de ajuste no encontrada',
  'errors.ADJUSTMENT_ASSET_UNKNOWN': 'Este activo no está en la lista de activos de la billetera',
  'errors.ADJUSTMENT_SELF_APPROVAL':
    'El operador que solicitó un ajuste no puede aprobarlo ni rechazarlo; debe decidir otro administrador',
  'errors.ADJUSTMENT_STATE': 'Esta solicitud de ajuste ya fue resuelta',
  'errors.ADJUSTMENT_INSUFFICIENT_BALANCE': 'El saldo es insuficiente para este ajuste negativo',
  'errors.ADJUSTMENT_FAILED': 'No se pudo ejecutar el ajuste y se ha marcado como fallido',
  'errors.ADJUSTMENT_CORE_UNAVAILABLE':
    'El servicio de saldos no está disponible, inténtelo de nuevo más tarde',
  'errors.PROJECTION_FAILURE_NOT_FOUND': 'Fallo de proyección no encontrado',
  'errors.PROJECTION_FAILURE_STATE': 'Este fallo de proyección ya se reintentó o se descartó',
  'errors.PROJECTION_RETRY_FAILED':
    'Las filas del extracto aún no se pueden escribir; el fallo sigue abierto con el nuevo error',
  'errors.PROJECTION_UNAVAILABLE': 'La proyección de extractos no está en marcha, inténtelo más tarde',
  'success.projectionRetried': 'Filas de extracto pendientes escritas',
  'success.projectionDismissed': 'Fallo de proyección descartado',
  'success.adjustmentRequested': 'Solicitud de ajuste creada; otro administrador debe aprobarla',
  'success.adjustmentApproved': 'Ajuste aprobado y aplicado',
  'success.adjustmentRejected': 'Solicitud de ajuste rechazada',
  'validation.notZero': 'no puede ser cero',
  'fields.userId': 'ID de usuario',
  'fields.asset': 'Activo',
  'fields.accountType': 'Tipo de cuenta',
  'fields.amount': 'Importe',
  'fields.reason': 'Motivo',
  'fields.keyword': 'Palabra clave',
  'fields.status': 'Estado',
};
