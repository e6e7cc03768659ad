// Account security server messages; keys mirror ./en.ts.
import type { securityEn } from './en';

export const securityLt: Record<keyof typeof securityEn, string> = {
  'success.googleBound': 'Google autentifikatorius susietas',
  'success.googleReset':
    'Google autentifikatorius pašalintas; nauji išmokėjimai laikinai užrakinti (žr. saugumo puslapį)',
  'success.antiCodeSet': 'Apsaugos nuo sukčiavimo kodas išsaugotas',
  'success.emailBound': 'El. paštas susietas',
  'success.phoneBound': 'Telefono numeris susietas',
  'success.apiKeyCreated':
    'API raktas sukurtas: nukopijuokite slaptąjį raktą dabar, jis rodomas tik vieną kartą',
  'success.apiKeyDeleted': 'API raktas ištrintas',
  'errors.LOGIN_STEP1_SUCCESS': 'Įveskite kodą iš autentifikavimo programėlės',
  'errors.GOOGLE_CODE_REQUIRED': 'Įveskite kodą iš autentifikavimo programėlės',
  'errors.GOOGLE_CODE_INVALID': 'Autentifikatoriaus kodas neteisingas',
  'errors.GOOGLE_CODE_USED': 'Šis autentifikatoriaus kodas jau panaudotas, palaukite kito',
  'errors.GOOGLE_CODE_LOCKED':
    'Per daug neteisingų autentifikatoriaus kodų, bandykite dar kartą po 15 minučių',
  'errors.GOOGLE_ALREADY_BOUND': 'Google autentifikatorius jau susietas',
  'errors.GOOGLE_NOT_BOUND': 'Google autentifikatorius nesusietas',
  'errors.GOOGLE_SETUP_REQUIRED': 'Pradėkite susiejimą iš naujo, kad gautumėte naują raktą',
  'errors.SECURITY_PASSWORD_WRONG': 'Prisijungimo slaptažodis neteisingas',
  'errors.SECURITY_WITHDRAW_LOCKED':
    'Po neseniai atlikto saugumo pakeitimo (slaptažodžio, autentifikatoriaus, el. pašto ar telefono) išmokėjimai užrakinti iki {until}',
  'errors.CONTACT_SAME_AS_CURRENT': 'Tai jau yra jūsų dabartinis adresas',
  'errors.CONTACT_NOT_BOUND': 'Jūsų paskyroje nėra tokio tipo adreso',
  'errors.API_KEY_NOT_FOUND': 'API raktas nerastas',
  'errors.API_KEY_LIMIT_REACHED': 'Jūs jau turite didžiausią leistiną {max} API raktų skaičių',
  'errors.API_KEY_INVALID': 'Neteisingas API raktas',
  'errors.API_SIGNATURE_INVALID': 'Užklausos parašas neteisingas',
  'errors.API_TIMESTAMP_INVALID': 'Užklausos laiko žymos nėra arba ji už priėmimo lango ribų',
  'errors.API_REQUEST_REPLAYED': 'Ši pasirašyta užklausa jau buvo gauta',
  'errors.API_KEY_PERMISSION_DENIED': 'Šis API raktas neturi leidimo šiai užklausai',
  'errors.API_KEY_IP_DENIED': 'Šio API rakto negalima naudoti iš šio IP adreso',
  'errors.API_KEY_ROUTE_NOT_ALLOWED': 'Šiai užklausai API raktų naudoti negalima',
  'validation.googleCode': 'turi būti 6 skaitmenų kodas iš autentifikavimo programėlės',
  'validation.antiCode':
    'turi būti nuo 4 iki 20 raidžių, skaitmenų ar pabraukimo brūkšnių ir prasidėti raide',
  'validation.ip': 'turi būti IP adresas arba CIDR intervalas',
  'validation.apiPermission': 'turi būti skaitymas arba prekyba',
  'fields.googleCode': 'Autentifikatoriaus kodas',
  'fields.antiCode': 'Apsaugos nuo sukčiavimo kodas',
  'fields.oldCode': 'Kodas, išsiųstas dabartiniu adresu',
  'fields.channel': 'Kanalas',
  'fields.purpose': 'Paskirtis',
  'fields.label': 'Pavadinimas',
  'fields.permissions': 'Leidimai',
  'fields.ipAllowlist': 'Leidžiamų IP sąrašas',
  'fields.x': 'Autentifikatoriaus kodas',
  'fields.y': 'Tipas',
  'mail.antiPhishing': 'Jūsų apsaugos nuo sukčiavimo kodas: {code}',
};
