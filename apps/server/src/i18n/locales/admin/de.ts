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
  'validation.notZero': 'darf nicht null sein',
  'fields.userId': 'Benutzer-ID',
  'fields.asset': 'Asset',
  'fields.accountType': 'Kontotyp',
  'fields.amount': 'Betrag',
  'fields.reason': 'Grund',
  'fields.keyword': 'Suchbegriff',
  'fields.status': 'Status',
};
