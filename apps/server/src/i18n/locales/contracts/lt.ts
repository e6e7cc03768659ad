// Lithuanian server messages of perpetual contracts; keys mirror ./en.ts.
import type { contractsEn } from './en';

export const contractsLt: Record<keyof typeof contractsEn, string> = {
  'errors.CONTRACT_MARKET_UNKNOWN': 'Tokios sandorių rinkos nėra',
  'errors.CONTRACT_MARKET_HALTED': 'Prekyba šioje sandorių rinkoje sustabdyta',
  'errors.CONTRACT_PRICE_INVALID': 'Kaina turi būti teigiamas kainos žingsnio kartotinis',
  'errors.CONTRACT_QUANTITY_INVALID': 'Kiekis turi būti teigiamas loto kartotinis ir ne mažesnis už minimumą',
  'errors.CONTRACT_INSUFFICIENT_BALANCE': 'Sandorių sąskaitoje nepakanka laisvų lėšų',
  'errors.CONTRACT_NO_LIQUIDITY': 'Kitoje pusėje nėra pavedimų, su kuriais būtų galima prekiauti',
  'errors.CONTRACT_ORDER_NOT_FOUND': 'Pavedimas nerastas arba jau nebe aktyvus',
  'errors.CONTRACT_POSITION_NOT_FOUND': 'Pozicija nerasta',
  'errors.CONTRACT_LEVERAGE_TOO_HIGH': 'Svertas viršija šios rinkos ar pozicijos dydžio maksimumą',
  'errors.CONTRACT_REDUCE_ONLY':
    'Uždarymo pavedimas negali būti didesnis už atvirą poziciją (atėmus jau uždaromą dalį)',
  'errors.CONTRACT_MARGIN_BELOW_INITIAL': 'Maržos negalima sumažinti žemiau pradinės maržos',
  'errors.CONTRACT_TPSL_WRONG_SIDE':
    'Pelno fiksavimo kaina turi būti už žymėjimo kainos, o nuostolių ribojimo – tarp žymėjimo ir likvidavimo kainos',
  'errors.CONTRACT_MODE_LOCKED':
    'Maržos režimą galima keisti tik neturint šioje rinkoje pozicijų ar pavedimų',
  'errors.CONTRACT_PRICE_STALE': 'Šiai rinkai nėra naujos žymėjimo kainos; bandykite dar kartą netrukus',
  'errors.CONTRACT_AMOUNT_TOO_LARGE': 'Pavedimas didesnis nei leidžiama',
  'errors.CONTRACT_COUNTRY_BLOCKED': 'Sandorių prekyba jūsų šalyje ar regione nesiūloma',
  'errors.CONTRACT_REJECTED': 'Pavedimas nepriimtas',
  'success.positionClosed': 'Pozicija uždaryta',
  'success.marginAdjusted': 'Marža pakeista',
  'success.tpslSet': 'Pelno fiksavimas ir nuostolių ribojimas nustatyti',
  'success.tpslCleared': 'Pelno fiksavimas ir nuostolių ribojimas atšaukti',
  'success.leverageSet': 'Svertas nustatytas',
  'fields.leverage': 'Svertas',
  'fields.money': 'Suma',
  'fields.flag': 'Pridėti arba sumažinti',
  'fields.takeProfit': 'Pelno fiksavimo kaina',
  'fields.stopLoss': 'Nuostolių ribojimo kaina',
  'fields.symbolNameList': 'Rinkos',
  'fields.oneKeySymbolNameList': 'Uždaromos rinkos',
  'fields.symbolName': 'Rinka',
  'errors.CONTRACT_TRIGGER_WRONG_SIDE':
    'Pirkimo stop pavedimo suveikimo kaina turi būti didesnė už žymėjimo kainą, pardavimo – mažesnė',
  'errors.CONTRACT_TOO_MANY_STOPS': 'Šioje rinkoje turite per daug laukiančių stop pavedimų',
  'fields.triggerPrice': 'Suveikimo kaina',
};
