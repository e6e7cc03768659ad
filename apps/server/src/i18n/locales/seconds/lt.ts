// Lithuanian server messages of seconds contracts; keys mirror ./en.ts.
import type { secondsEn } from './en';

export const secondsLt: Record<keyof typeof secondsEn, string> = {
  'errors.SECONDS_DISABLED': 'Sekundžių sandoriai neprieinami',
  'errors.SECONDS_COUNTRY_BLOCKED': 'Jūsų šalyje sekundžių sandoriai nesiūlomi',
  'errors.SECONDS_NOTICE_REQUIRED':
    'Prieš pirmąjį sekundžių sandorį perskaitykite ir patvirtinkite įspėjimą apie riziką',
  'errors.SECONDS_QUANTITY_NOT_INTEGER': 'Kiekis turi būti sveikasis skaičius',
  'errors.SECONDS_SYMBOL_UNKNOWN': 'Šiai monetai sekundžių sandoriai nesiūlomi',
  'errors.SECONDS_PERIOD_UNKNOWN': 'Tokio laikotarpio nėra',
  'errors.SECONDS_PERIOD_DISABLED': 'Šis laikotarpis nepriima naujų pavedimų',
  'errors.SECONDS_STAKE_OUT_OF_RANGE': 'Kiekis turi būti nuo {min} iki {max}',
  'errors.SECONDS_INSUFFICIENT_BALANCE': 'Nepakanka laisvo likučio',
  'errors.SECONDS_POOL_INSUFFICIENT':
    'Sandorių fondas šiuo metu negali padengti didžiausios šio pavedimo išmokos; pabandykite mažesnį kiekį',
  'errors.SECONDS_PRICE_UNAVAILABLE':
    'Šiai monetai nėra dabartinės indekso kainos; netrukus bandykite dar kartą',
  'errors.SECONDS_TOO_MANY_OPEN': 'Turite per daug atvirų sandorių; palaukite, kol dalis jų bus atsiskaityti',
  'errors.SECONDS_AMOUNT_TOO_LARGE': 'Kiekis didesnis nei leidžiama',
  'errors.SECONDS_ORDER_REJECTED': 'Pavedimas nepriimtas',
  'errors.SECONDS_HOUSE_INSUFFICIENT': 'Platformos sąskaitoje nėra tiek lėšų',
  'success.secondsOrderPlaced': 'Sandoris atidarytas',
  'success.secondsNoticeAcknowledged': 'Įspėjimas apie riziką patvirtintas',
  'success.secondsPeriodSaved': 'Laikotarpis išsaugotas',
  'success.secondsPoolMoved': 'Fondas atnaujintas',
  'fields.direction': 'Kryptis',
  'fields.periodId': 'Laikotarpis',
  'fields.durationSec': 'Trukmė',
  'fields.minStake': 'Mažiausias kiekis',
  'fields.maxStake': 'Didžiausias kiekis',
  'fields.enabled': 'Įjungtas',
  'fields.country': 'Gyvenamoji šalis',
  'fields.accept': 'Patvirtinimas',
};
