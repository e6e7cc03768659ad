// Portuguese server messages of spot margin; keys mirror ./en.ts.
import type { marginEn } from './en';

export const marginPt: Record<keyof typeof marginEn, string> = {
  'errors.MARGIN_DISABLED': 'A negociação com margem não está disponível nesta plataforma',
  'errors.MARGIN_PAIR_UNKNOWN': 'A negociação com margem não é oferecida para este par',
  'errors.MARGIN_COIN_UNKNOWN': 'Esta moeda não pode ser emprestada nem mantida nesta conta de margem',
  'errors.MARGIN_LEVEL_TOO_LOW': 'Isto deixaria o nível de margem abaixo do que a sua alavancagem permite',
  'errors.MARGIN_BORROW_LIMIT': 'Isto é mais do que pode pedir emprestado agora',
  'errors.MARGIN_REPAY_EXCEEDS_DEBT': 'Isto é mais do que deve (capital e juros)',
  'errors.MARGIN_LEVERAGE_INVALID': 'Esta alavancagem não é oferecida',
  'errors.MARGIN_PRICE_UNAVAILABLE':
    'Os preços não estão disponíveis agora; tente novamente dentro de momentos',
  'errors.MARGIN_LIQUIDATING': 'Esta conta de margem está a ser liquidada',
  'errors.MARGIN_POOL_INSUFFICIENT': 'O fundo de empréstimo não pode emprestar tanto agora',
  'errors.MARGIN_INSUFFICIENT_BALANCE': 'Saldo disponível insuficiente na conta',
  'errors.MARGIN_AMOUNT_INVALID':
    'Introduza um valor válido sem mais casas decimais do que esta moeda permite',
  'errors.MARGIN_AMOUNT_TOO_LARGE': 'O valor é superior ao permitido',
  'errors.MARGIN_REJECTED': 'O pedido não foi aceite',
  'errors.MARGIN_SIDE_EFFECT_SPOT':
    'Empréstimo e reembolso automáticos são apenas para ordens de uma conta de margem',
  'success.marginBorrowed': 'Empréstimo feito',
  'success.marginRepaid': 'Reembolsado',
  'success.marginLeverageUpdated': 'Alavancagem atualizada',
  'success.marginPoolChanged': 'Fundo de empréstimo atualizado',
  'mail.marginCallSubject': 'Chamada de margem: o seu nível de margem é {level}',
  'mail.marginCallBody':
    'O seu nível de margem desceu para {level}, abaixo do nível de aviso de {call}. Em {liquidation} a conta é liquidada automaticamente. Transfira fundos ou reembolse para subir o nível.',
  'fields.sideEffect': 'Empréstimo/reembolso automático',
  'fields.leverage': 'Alavancagem',
  'fields.hourlyRate': 'Taxa horária',
};
