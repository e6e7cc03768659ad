// Portuguese server messages of seconds contracts; keys mirror ./en.ts.
import type { secondsEn } from './en';

export const secondsPt: Record<keyof typeof secondsEn, string> = {
  'errors.SECONDS_DISABLED': 'Os contratos de segundos não estão disponíveis',
  'errors.SECONDS_COUNTRY_BLOCKED': 'Os contratos de segundos não são oferecidos no seu país',
  'errors.SECONDS_NOTICE_REQUIRED':
    'Leia e confirme o aviso de risco antes do seu primeiro contrato de segundos',
  'errors.SECONDS_QUANTITY_NOT_INTEGER': 'A quantidade deve ser um número inteiro',
  'errors.SECONDS_SYMBOL_UNKNOWN': 'Não há contratos de segundos para esta moeda',
  'errors.SECONDS_PERIOD_UNKNOWN': 'Este período não existe',
  'errors.SECONDS_PERIOD_DISABLED': 'Este período não aceita novas ordens',
  'errors.SECONDS_STAKE_OUT_OF_RANGE': 'A quantidade deve estar entre {min} e {max}',
  'errors.SECONDS_INSUFFICIENT_BALANCE': 'Saldo disponível insuficiente',
  'errors.SECONDS_POOL_INSUFFICIENT':
    'O fundo de contratos não cobre agora o pagamento máximo desta ordem; tente uma quantidade menor',
  'errors.SECONDS_PRICE_UNAVAILABLE':
    'Não há preço de índice atual para esta moeda; tente novamente em breve',
  'errors.SECONDS_TOO_MANY_OPEN': 'Você tem contratos abertos demais; aguarde a liquidação de alguns',
  'errors.SECONDS_AMOUNT_TOO_LARGE': 'A quantidade é maior do que o permitido',
  'errors.SECONDS_ORDER_REJECTED': 'A ordem não foi aceita',
  'errors.SECONDS_HOUSE_INSUFFICIENT': 'A conta da casa não tem esse saldo',
  'success.secondsOrderPlaced': 'Contrato criado',
  'success.secondsNoticeAcknowledged': 'Aviso de risco confirmado',
  'success.secondsPeriodSaved': 'Período salvo',
  'success.secondsPoolMoved': 'Fundo atualizado',
  'fields.direction': 'Direção',
  'fields.periodId': 'Período',
  'fields.durationSec': 'Duração',
  'fields.minStake': 'Quantidade mínima',
  'fields.maxStake': 'Quantidade máxima',
  'fields.enabled': 'Ativo',
  'fields.country': 'País de residência',
  'fields.accept': 'Confirmação',
};
