// admin area server messages; keys mirror ./en.ts.
import type { adminEn } from './en';

export const adminIt: Record<keyof typeof adminEn, string> = {
  'errors.ADMIN_USER_NOT_FOUND': 'Utente non trovato',
  'errors.ADJUSTMENT_NOT_FOUND': 'Richiesta di rettifica non trovata',
  'errors.ADJUSTMENT_ASSET_UNKNOWN': 'Questo asset non è nell’elenco degli asset del portafoglio',
  'errors.ADJUSTMENT_SELF_APPROVAL':
    'L’operatore che ha richiesto una rettifica non può approvarla né rifiutarla; deve decidere un altro amministratore',
  'errors.ADJUSTMENT_STATE': 'Questa richiesta di rettifica è già stata decisa',
  'errors.ADJUSTMENT_INSUFFICIENT_BALANCE': 'Il saldo è insufficiente per questa rettifica negativa',
  'errors.ADJUSTMENT_FAILED': 'Non è stato possibile eseguire la rettifica, che è stata segnata come fallita',
  'errors.ADJUSTMENT_CORE_UNAVAILABLE': 'Il servizio dei saldi non è disponibile, riprova più tardi',
  'success.adjustmentRequested': 'Richiesta di rettifica creata; un altro amministratore deve approvarla',
  'success.adjustmentApproved': 'Rettifica approvata e applicata',
  'success.adjustmentRejected': 'Richiesta di rettifica rifiutata',
  'validation.notZero': 'non può essere zero',
  'fields.userId': 'ID utente',
  'fields.asset': 'Asset',
  'fields.accountType': 'Tipo di conto',
  'fields.amount': 'Importo',
  'fields.reason': 'Motivo',
  'fields.keyword': 'Parola chiave',
  'fields.status': 'Stato',
};
