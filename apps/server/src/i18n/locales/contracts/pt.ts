// Portuguese server messages of perpetual contracts; keys mirror ./en.ts.
import type { contractsEn } from './en';

export const contractsPt: Record<keyof typeof contractsEn, string> = {
  'errors.CONTRACT_MARKET_UNKNOWN': 'Este mercado de contratos não existe',
  'errors.CONTRACT_MARKET_HALTED': 'A negociação neste mercado de contratos está suspensa',
  'errors.CONTRACT_PRICE_INVALID': 'O preço deve ser um múltiplo positivo do tamanho do tick',
  'errors.CONTRACT_QUANTITY_INVALID':
    'A quantidade deve ser um múltiplo positivo do lote e pelo menos o mínimo',
  'errors.CONTRACT_INSUFFICIENT_BALANCE': 'Saldo disponível insuficiente na conta de contratos',
  'errors.CONTRACT_NO_LIQUIDITY': 'Não há ordens do outro lado para negociar',
  'errors.CONTRACT_ORDER_NOT_FOUND': 'Ordem não encontrada ou já não está aberta',
  'errors.CONTRACT_POSITION_NOT_FOUND': 'Posição não encontrada',
  'errors.CONTRACT_LEVERAGE_TOO_HIGH': 'A alavancagem excede o máximo deste mercado ou do tamanho da posição',
  'errors.CONTRACT_REDUCE_ONLY':
    'Uma ordem de fecho não pode ser maior do que a posição aberta (menos o que já está a ser fechado)',
  'errors.CONTRACT_MARGIN_BELOW_INITIAL': 'A margem não pode ser reduzida abaixo da margem inicial',
  'errors.CONTRACT_TPSL_WRONG_SIDE':
    'O take-profit deve estar além do preço de marcação e o stop-loss entre o preço de marcação e o de liquidação',
  'errors.CONTRACT_MODE_LOCKED':
    'O modo de margem só pode ser alterado sem posição nem ordem aberta neste mercado',
  'errors.CONTRACT_PRICE_STALE':
    'Não há preço de marcação recente para este mercado; tente novamente em breve',
  'errors.CONTRACT_AMOUNT_TOO_LARGE': 'A ordem é maior do que o permitido',
  'errors.CONTRACT_COUNTRY_BLOCKED': 'A negociação de contratos não é oferecida no seu país ou região',
  'errors.CONTRACT_REJECTED': 'A ordem não foi aceite',
  'success.positionClosed': 'Posição fechada',
  'success.marginAdjusted': 'Margem ajustada',
  'success.tpslSet': 'Take-profit e stop-loss definidos',
  'success.tpslCleared': 'Take-profit e stop-loss removidos',
  'success.leverageSet': 'Alavancagem definida',
  'fields.leverage': 'Alavancagem',
  'fields.money': 'Montante',
  'fields.flag': 'Adicionar ou reduzir',
  'fields.takeProfit': 'Preço de take-profit',
  'fields.stopLoss': 'Preço de stop-loss',
  'fields.symbolNameList': 'Mercados',
  'fields.oneKeySymbolNameList': 'Mercados a fechar',
  'fields.symbolName': 'Mercado',
  'errors.CONTRACT_TRIGGER_WRONG_SIDE':
    'O gatilho de uma ordem stop de compra deve estar acima do preço de marcação e o de venda abaixo dele',
  'errors.CONTRACT_TOO_MANY_STOPS': 'Você tem ordens stop demais aguardando neste mercado',
  'fields.triggerPrice': 'Preço de gatilho',
};
