// admin area server messages; keys mirror ./en.ts.
import type { adminEn } from './en';

export const adminDe: Record<keyof typeof adminEn, string> = {
  'errors.ADMIN_USER_NOT_FOUND': 'Benutzer nicht gefunden',
  'errors.ADJUSTMENT_NOT_FOUND': 'Korrekturantrag nicht gefunden',
  'errors.ADJUSTMENT_ASSET_UNKNOWN': 'Dieses Asset ist nicht in der Asset-Liste der Wallet',
  'errors.ADJUSTMENT_SELF_APPROVAL':
    'Wer eine Korrektur beantragt hat, darf sie weder genehmigen noch ablehnen; ein anderer Administrator muss entscheiden',
  'errors.ADJUSTMENT_STATE': 'Über diesen Korrekturantrag wurde bereits entschieden',
  'errors.ADJUSTMENT_INSUFFICIENT_BALANCE': 'Das Guthaben reicht für diese negative Korrektur nicht aus',
  'errors.ADJUSTMENT_FAILED':
    'Die Korrektur konnte nicht ausgeführt werden und wurde als fehlgeschlagen markiert',
  'errors.ADJUSTMENT_CORE_UNAVAILABLE':
    'Der Guthabendienst ist nicht verfügbar, bitte später erneut versuchen',
  'errors.PROJECTION_FAILURE_NOT_FOUND': 'Projektionsfehler nicht gefunden',
  'errors.PROJECTION_FAILURE_STATE': 'Dieser Projektionsfehler wurde bereits erneut versucht oder verworfen',
  'errors.PROJECTION_RETRY_FAILED':
    'Die Buchungszeilen lassen sich weiterhin nicht schreiben; der Fehler bleibt mit der neuen Meldung offen',
  'errors.PROJECTION_UNAVAILABLE': 'Die Buchungsprojektion läuft nicht, bitte später erneut versuchen',
  'success.projectionRetried': 'Fehlende Buchungszeilen geschrieben',
  'success.projectionDismissed': 'Projektionsfehler verworfen',
  'success.adjustmentRequested': 'Korrekturantrag erstellt; ein anderer Administrator muss ihn genehmigen',
  'success.adjustmentApproved': 'Korrektur genehmigt und gebucht',
  'success.adjustmentRejected': 'Korrekturantrag abgelehnt',
  'errors.OPERATOR_NOT_FOUND': 'Operator nicht gefunden',
  'errors.OPERATOR_REQUEST_NOT_FOUND': 'Operator-Antrag nicht gefunden',
  'errors.OPERATOR_REQUEST_STATE': 'Über diesen Operator-Antrag wurde bereits entschieden',
  'errors.OPERATOR_REQUEST_PENDING': 'Für diesen Operator wartet bereits eine Rollenänderung auf Freigabe',
  'errors.OPERATOR_REQUEST_SELF_APPROVAL':
    'Sie können nicht über einen eigenen Antrag oder einen Antrag zu Ihrem eigenen Konto entscheiden; ein anderer Administrator muss entscheiden',
  'errors.OPERATOR_ROLE_UNCHANGED': 'Der Operator hat diese Rolle bereits',
  'errors.APPROVAL_SAME_OPERATOR':
    'Sie haben die erste Freigabe erteilt; die zweite muss ein anderer Operator erteilen',
  'errors.APPROVAL_LINKED_OPERATOR':
    'Sie können keine Anträge des Administrators freigeben, der Ihr Konto beantragt hat, und keine eines Operators, dessen Konto Sie beantragt haben',
  'errors.APPROVAL_COOLING_OFF':
    'Neue Operatoren können noch nichts freigeben; Sie können ab {from} freigeben',
  'success.operatorRequested': 'Operator-Antrag erstellt; ein anderer Administrator muss ihn freigeben',
  'success.operatorCreated':
    'Operator angelegt (die einzige Ergänzung des ersten Administrators ohne zweite Freigabe)',
  'success.operatorRequestApproved': 'Operator-Antrag freigegeben und angewendet',
  'success.operatorRequestRejected': 'Operator-Antrag abgelehnt',
  'success.firstApprovalRecorded':
    'Erste Freigabe gespeichert; ein anderer Operator muss die zweite erteilen',
  'validation.notZero': 'darf nicht null sein',
  'fields.userId': 'Benutzer-ID',
  'fields.asset': 'Asset',
  'fields.accountType': 'Kontotyp',
  'fields.amount': 'Betrag',
  'fields.reason': 'Grund',
  'fields.keyword': 'Suchbegriff',
  'fields.status': 'Status',
};
