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
  'errors.OPERATOR_NOT_FOUND': 'Operador não encontrado',
  'errors.OPERATOR_REQUEST_NOT_FOUND': 'Pedido de operador não encontrado',
  'errors.OPERATOR_REQUEST_STATE': 'Este pedido de operador já foi decidido',
  'errors.OPERATOR_REQUEST_PENDING': 'Já existe uma alteração de função deste operador aguardando aprovação',
  'errors.OPERATOR_REQUEST_SELF_APPROVAL':
    'Você não pode decidir um pedido feito por você ou sobre a sua própria conta; outro administrador deve decidir',
  'errors.OPERATOR_ROLE_UNCHANGED': 'O operador já tem esta função',
  'errors.APPROVAL_SAME_OPERATOR': 'Você deu a primeira aprovação; a segunda deve vir de outro operador',
  'errors.APPROVAL_LINKED_OPERATOR':
    'Você não pode aprovar pedidos do administrador que pediu a sua conta, nem de um operador cuja conta você pediu',
  'errors.APPROVAL_COOLING_OFF':
    'Novos operadores ainda não podem aprovar nada; você poderá aprovar a partir de {from}',
  'success.operatorRequested': 'Pedido de operador criado; outro administrador deve aprová-lo',
  'success.operatorCreated':
    'Operador criado (a única adição do primeiro administrador sem segunda aprovação)',
  'success.operatorRequestApproved': 'Pedido de operador aprovado e aplicado',
  'success.operatorRequestRejected': 'Pedido de operador rejeitado',
  'success.firstApprovalRecorded':
    'Primeira aprovação registrada; outro operador deve dar a segunda aprovação',
  'validation.notZero': 'não pode ser zero',
  'fields.userId': 'ID do utilizador',
  'fields.asset': 'Ativo',
  'fields.accountType': 'Tipo de conta',
  'fields.amount': 'Montante',
  'fields.reason': 'Motivo',
  'fields.keyword': 'Palavra-chave',
  'fields.status': 'Estado',
};
