// Portuguese server messages of spot trading; keys mirror ./en.ts.
import type { spotEn } from './en';

export const spotPt: Record<keyof typeof spotEn, string> = {
  'errors.SPOT_MARKET_UNKNOWN': 'Este mercado à vista não existe',
  'errors.SPOT_MARKET_HALTED': 'A negociação neste mercado está suspensa',
  'errors.SPOT_PRICE_INVALID': 'O preço deve ser um múltiplo positivo do passo de preço {tick}',
  'errors.SPOT_QUANTITY_INVALID': 'A quantidade deve ser um múltiplo do lote {lot}',
  'errors.SPOT_BELOW_MIN_QTY': 'A quantidade está abaixo do mínimo de {min}',
  'errors.SPOT_BELOW_MIN_NOTIONAL': 'O valor da ordem está abaixo do mínimo de {min}',
  'errors.SPOT_INSUFFICIENT_BALANCE': 'Saldo disponível insuficiente',
  'errors.SPOT_POST_ONLY_WOULD_TAKE':
    'Esta ordem somente maker seria executada imediatamente e não foi colocada',
  'errors.SPOT_NO_LIQUIDITY': 'Não há ordens do outro lado para negociar',
  'errors.SPOT_ORDER_NOT_FOUND': 'Ordem não encontrada ou já encerrada',
  'errors.SPOT_CLIENT_ORDER_ID_IN_USE':
    'Este ID de ordem do cliente já está em uso por uma de suas ordens abertas',
  'errors.SPOT_AMOUNT_TOO_LARGE': 'A ordem excede o permitido',
  'errors.SPOT_ORDER_REJECTED': 'A ordem não foi aceita',
  'success.orderPlaced': 'Ordem colocada',
  'success.orderCancelled': 'Ordem cancelada',
  'fields.side': 'Lado',
  'fields.price': 'Preço',
  'fields.quantity': 'Quantidade',
  'fields.quoteQuantity': 'Valor a gastar',
  'fields.timeInForce': 'Validade',
  'fields.clientOrderId': 'ID de ordem do cliente',
  'fields.orderId': 'ID da ordem',
  'fields.pair': 'Par de negociação',
};
