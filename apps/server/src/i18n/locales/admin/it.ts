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
  'errors.PROJECTION_FAILURE_NOT_FOUND': 'Errore di proiezione non trovato',
  'errors.PROJECTION_FAILURE_STATE': 'Questo errore di proiezione è già stato ritentato o archiviato',
  'errors.PROJECTION_RETRY_FAILED':
    'Le righe dell’estratto non possono ancora essere scritte; l’errore resta aperto con il nuovo messaggio',
  'errors.PROJECTION_UNAVAILABLE': 'La proiezione degli estratti non è in esecuzione, riprova più tardi',
  'success.projectionRetried': 'Righe dell’estratto mancanti scritte',
  'success.projectionDismissed': 'Errore di proiezione archiviato',
  'success.adjustmentRequested': 'Richiesta di rettifica creata; un altro amministratore deve approvarla',
  'success.adjustmentApproved': 'Rettifica approvata e applicata',
  'success.adjustmentRejected': 'Richiesta di rettifica rifiutata',
  'errors.OPERATOR_NOT_FOUND': 'Operatore non trovato',
  'errors.OPERATOR_REQUEST_NOT_FOUND': 'Richiesta operatore non trovata',
  'errors.OPERATOR_REQUEST_STATE': 'Questa richiesta operatore è già stata decisa',
  'errors.OPERATOR_REQUEST_PENDING': 'Un cambio di ruolo di questo operatore è già in attesa di approvazione',
  'errors.OPERATOR_REQUEST_SELF_APPROVAL':
    'Non puoi decidere una richiesta fatta da te o relativa al tuo account; deve decidere un altro amministratore',
  'errors.OPERATOR_ROLE_UNCHANGED': 'L’operatore ha già questo ruolo',
  'errors.APPROVAL_SAME_OPERATOR': 'Hai dato la prima approvazione; la seconda deve darla un altro operatore',
  'errors.APPROVAL_LINKED_OPERATOR':
    'Non puoi approvare richieste dell’amministratore che ha richiesto il tuo account, né di un operatore di cui hai richiesto l’account',
  'errors.APPROVAL_COOLING_OFF':
    'I nuovi operatori non possono ancora approvare nulla; potrai approvare dal {from}',
  'success.operatorRequested': 'Richiesta operatore creata; un altro amministratore deve approvarla',
  'success.operatorCreated':
    'Operatore creato (l’unica aggiunta del primo amministratore senza seconda approvazione)',
  'success.operatorRequestApproved': 'Richiesta operatore approvata e applicata',
  'success.operatorRequestRejected': 'Richiesta operatore rifiutata',
  'success.firstApprovalRecorded': 'Prima approvazione registrata; un altro operatore deve dare la seconda',
  'validation.notZero': 'non può essere zero',
  'fields.userId': 'ID utente',
  'fields.asset': 'Asset',
  'fields.accountType': 'Tipo di conto',
  'fields.amount': 'Importo',
  'fields.reason': 'Motivo',
  'fields.keyword': 'Parola chiave',
  'fields.status': 'Stato',
};
