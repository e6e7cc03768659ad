// Lithuanian server messages of spot margin; keys mirror ./en.ts.
import type { marginEn } from './en';

export const marginLt: Record<keyof typeof marginEn, string> = {
  'errors.MARGIN_DISABLED': 'Prekyba su marža šioje platformoje neprieinama',
  'errors.MARGIN_PAIR_UNKNOWN': 'Šiai porai prekyba su marža nesiūloma',
  'errors.MARGIN_COIN_UNKNOWN': 'Šios monetos negalima skolintis ar laikyti šioje maržos sąskaitoje',
  'errors.MARGIN_LEVEL_TOO_LOW': 'Tai nuleistų maržos lygį žemiau, nei leidžia jūsų svertas',
  'errors.MARGIN_BORROW_LIMIT': 'Tai daugiau, nei dabar galite pasiskolinti',
  'errors.MARGIN_REPAY_EXCEEDS_DEBT': 'Tai daugiau, nei esate skolingi (pagrindinė suma ir palūkanos)',
  'errors.MARGIN_LEVERAGE_INVALID': 'Toks svertas nesiūlomas',
  'errors.MARGIN_PRICE_UNAVAILABLE': 'Kainos šiuo metu nepasiekiamos; bandykite netrukus dar kartą',
  'errors.MARGIN_LIQUIDATING': 'Ši maržos sąskaita likviduojama',
  'errors.MARGIN_POOL_INSUFFICIENT': 'Skolinimo fondas dabar negali paskolinti tiek',
  'errors.MARGIN_INSUFFICIENT_BALANCE': 'Sąskaitoje nepakanka laisvų lėšų',
  'errors.MARGIN_AMOUNT_INVALID':
    'Įveskite tinkamą sumą, ne daugiau skaitmenų po kablelio, nei leidžia ši moneta',
  'errors.MARGIN_AMOUNT_TOO_LARGE': 'Suma viršija leistiną',
  'errors.MARGIN_REJECTED': 'Užklausa nepriimta',
  'errors.MARGIN_SIDE_EFFECT_SPOT':
    'Automatinis skolinimasis ir grąžinimas galimi tik maržos sąskaitos pavedimams',
  'success.marginBorrowed': 'Pasiskolinta',
  'success.marginRepaid': 'Grąžinta',
  'success.marginLeverageUpdated': 'Svertas atnaujintas',
  'success.marginPoolChanged': 'Skolinimo fondas atnaujintas',
  'mail.marginCallSubject': 'Maržos įspėjimas: jūsų maržos lygis yra {level}',
  'mail.marginCallBody':
    'Jūsų maržos lygis nukrito iki {level}, žemiau įspėjimo ribos {call}. Pasiekus {liquidation} sąskaita automatiškai likviduojama. Perveskite lėšų arba grąžinkite skolą, kad lygis pakiltų.',
  'fields.sideEffect': 'Automatinis skolinimasis/grąžinimas',
  'fields.leverage': 'Svertas',
  'fields.hourlyRate': 'Valandinė palūkanų norma',
};
