// admin area server messages; keys mirror ./en.ts.
import type { adminEn } from './en';

export const adminPt: Record<keyof typeof adminEn, string> = {
  'errors.ADMIN_USER_NOT_FOUND': 'Utilizador não encontrado',
  'errors.ADJUSTMENT_NOT_FOUND': 'Pedido de ajuste não encontrado',
  'errors.ADJUSTMENT_ASSET_UNKNOWN': 'Este ativo não está na lista de ativos da carteira',
  'errors.ADJUSTMENT_SELF_APPROVAL':
    'O operador que pediu um ajuste não o pode aprovar nem rejeitar; outro administrador tem de decidir',
  'errors.ADJUSTMENT_STATE': 'Este pedido de ajuste já foi decidido',
  'errors.ADJUSTMENT_INSUFFICIENT_BALANCE': 'O saldo é insuficiente para este ajuste negativo',
  'errors.ADJUSTMENT_FAILED': 'Não foi possível executar o ajuste, que foi marcado como falhado',
  'errors.ADJUSTMENT_CORE_UNAVAILABLE': 'O serviço de saldos não está disponível, tente novamente mais tarde',
  'errors.PROJECTION_FAILURE_NOT_FOUND': 'Falha de projeção não encontrada',
  'errors.PROJECTION_FAILURE_STATE': 'Esta falha de projeção já foi reprocessada ou descartada',
  'errors.PROJECTION_RETRY_FAILED':
    'As linhas de extrato ainda não podem ser gravadas; a falha continua aberta com o novo erro',
  'errors.PROJECTION_UNAVAILABLE': 'A projeção de extratos não está em execução, tente novamente mais tarde',
  'success.projectionRetried': 'Linhas de extrato em falta gravadas',
  'success.projectionDismissed': 'Falha de projeção descartada',
  'success.adjustmentRequested': 'Pedido de ajuste criado; outro administrador tem de o aprovar',
  'success.adjustmentApproved': 'Ajuste aprovado e aplicado',
  'success.adjustmentRejected': 'Pedido de ajuste rejeitado',
  'validation.notZero': 'não pode ser zero',
  'fields.userId': 'ID do utilizador',
  'fields.asset': 'Ativo',
  'fields.accountType': 'Tipo de conta',
  'fields.amount': 'Montante',
  'fields.reason': 'Motivo',
  'fields.keyword': 'Palavra-chave',
  'fields.status': 'Estado',
};
