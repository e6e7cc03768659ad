// Account security server messages; keys mirror ./en.ts.
import type { securityEn } from './en';

export const securityDe: Record<keyof typeof securityEn, string> = {
  'success.googleBound': 'Google Authenticator verknüpft',
  'success.googleReset':
    'Google Authenticator entfernt; neue Auszahlungen sind vorübergehend gesperrt (siehe Sicherheitsseite)',
  'success.antiCodeSet': 'Anti-Phishing-Code gespeichert',
  'success.emailBound': 'E-Mail verknüpft',
  'success.phoneBound': 'Telefonnummer verknüpft',
  'success.apiKeyCreated':
    'API-Schlüssel erstellt: Kopieren Sie das Geheimnis jetzt, es wird nur einmal angezeigt',
  'success.apiKeyDeleted': 'API-Schlüssel gelöscht',
  'errors.LOGIN_STEP1_SUCCESS': 'Bitte geben Sie den Code aus Ihrer Authenticator-App ein',
  'errors.GOOGLE_CODE_REQUIRED': 'Bitte geben Sie den Code aus Ihrer Authenticator-App ein',
  'errors.GOOGLE_CODE_INVALID': 'Der Authenticator-Code ist falsch',
  'errors.GOOGLE_CODE_USED':
    'Dieser Authenticator-Code wurde bereits verwendet, bitte warten Sie auf den nächsten',
  'errors.GOOGLE_CODE_LOCKED':
    'Zu viele falsche Authenticator-Codes, bitte versuchen Sie es in 15 Minuten erneut',
  'errors.GOOGLE_ALREADY_BOUND': 'Es ist bereits ein Google Authenticator verknüpft',
  'errors.GOOGLE_NOT_BOUND': 'Es ist kein Google Authenticator verknüpft',
  'errors.GOOGLE_SETUP_REQUIRED':
    'Bitte starten Sie die Verknüpfung neu, um einen neuen Schlüssel zu erhalten',
  'errors.SECURITY_PASSWORD_WRONG': 'Das Login-Passwort ist falsch',
  'errors.SECURITY_WITHDRAW_LOCKED':
    'Auszahlungen sind nach einer kürzlichen Sicherheitsänderung (Passwort, Authenticator, E-Mail oder Telefon) bis {until} gesperrt',
  'errors.CONTACT_SAME_AS_CURRENT': 'Das ist bereits Ihre aktuelle Adresse',
  'errors.CONTACT_NOT_BOUND': 'Ihr Konto hat keine Adresse dieser Art',
  'errors.API_KEY_NOT_FOUND': 'API-Schlüssel nicht gefunden',
  'errors.API_KEY_LIMIT_REACHED': 'Sie haben bereits die maximale Anzahl von {max} API-Schlüsseln',
  'errors.API_KEY_INVALID': 'Ungültiger API-Schlüssel',
  'errors.API_SIGNATURE_INVALID': 'Die Signatur der Anfrage ist ungültig',
  'errors.API_TIMESTAMP_INVALID':
    'Der Zeitstempel der Anfrage fehlt oder liegt außerhalb des Empfangsfensters',
  'errors.API_REQUEST_REPLAYED': 'Diese signierte Anfrage wurde bereits empfangen',
  'errors.API_KEY_PERMISSION_DENIED': 'Dieser API-Schlüssel hat keine Berechtigung für diese Anfrage',
  'errors.API_KEY_IP_DENIED': 'Dieser API-Schlüssel darf von dieser IP-Adresse nicht verwendet werden',
  'errors.API_KEY_ROUTE_NOT_ALLOWED': 'API-Schlüssel können für diese Anfrage nicht verwendet werden',
  'validation.googleCode': 'muss der 6-stellige Code aus Ihrer Authenticator-App sein',
  'validation.antiCode':
    'muss aus 4 bis 20 Buchstaben, Ziffern oder Unterstrichen bestehen und mit einem Buchstaben beginnen',
  'validation.ip': 'muss eine IP-Adresse oder ein CIDR-Bereich sein',
  'validation.apiPermission': 'muss Lesen oder Handeln sein',
  'fields.googleCode': 'Authenticator-Code',
  'fields.antiCode': 'Anti-Phishing-Code',
  'fields.oldCode': 'An die aktuelle Adresse gesendeter Code',
  'fields.channel': 'Kanal',
  'fields.purpose': 'Zweck',
  'fields.label': 'Bezeichnung',
  'fields.permissions': 'Berechtigungen',
  'fields.ipAllowlist': 'IP-Zulassungsliste',
  'fields.x': 'Authenticator-Code',
  'fields.y': 'Typ',
  'mail.antiPhishing': 'Ihr Anti-Phishing-Code: {code}',
};
