// Italian server messages of perpetual contracts; keys mirror ./en.ts.
import type { contractsEn } from './en';

export const contractsIt: Record<keyof typeof contractsEn, string> = {
  'errors.CONTRACT_MARKET_UNKNOWN': 'Questo mercato di contratti non esiste',
  'errors.CONTRACT_MARKET_HALTED': 'Le negoziazioni su questo mercato di contratti sono sospese',
  'errors.CONTRACT_PRICE_INVALID': 'Il prezzo deve essere un multiplo positivo del tick',
  'errors.CONTRACT_QUANTITY_INVALID':
    'La quantità deve essere un multiplo positivo del lotto e almeno il minimo',
  'errors.CONTRACT_INSUFFICIENT_BALANCE': 'Saldo disponibile insufficiente nel conto contratti',
  'errors.CONTRACT_NO_LIQUIDITY': "Non ci sono ordini dall'altra parte con cui negoziare",
  'errors.CONTRACT_ORDER_NOT_FOUND': 'Ordine non trovato o non più aperto',
  'errors.CONTRACT_POSITION_NOT_FOUND': 'Posizione non trovata',
  'errors.CONTRACT_LEVERAGE_TOO_HIGH':
    'La leva supera il massimo di questo mercato o della dimensione della posizione',
  'errors.CONTRACT_REDUCE_ONLY':
    'Un ordine di chiusura non può superare la posizione aperta (meno quanto è già in chiusura)',
  'errors.CONTRACT_MARGIN_BELOW_INITIAL': 'Il margine non può essere ridotto sotto il margine iniziale',
  'errors.CONTRACT_TPSL_WRONG_SIDE':
    'Il take-profit deve superare il prezzo mark e lo stop-loss stare tra il prezzo mark e quello di liquidazione',
  'errors.CONTRACT_MODE_LOCKED':
    'La modalità di margine si può cambiare solo senza posizioni né ordini aperti su questo mercato',
  'errors.CONTRACT_PRICE_STALE': 'Nessun prezzo mark recente per questo mercato; riprova tra poco',
  'errors.CONTRACT_AMOUNT_TOO_LARGE': "L'ordine supera il consentito",
  'errors.CONTRACT_COUNTRY_BLOCKED': 'Il trading di contratti non è offerto nel tuo paese o regione',
  'errors.CONTRACT_REJECTED': "L'ordine non è stato accettato",
  'success.positionClosed': 'Posizione chiusa',
  'success.marginAdjusted': 'Margine modificato',
  'success.tpslSet': 'Take-profit e stop-loss impostati',
  'success.tpslCleared': 'Take-profit e stop-loss rimossi',
  'success.leverageSet': 'Leva impostata',
  'fields.leverage': 'Leva',
  'fields.money': 'Importo',
  'fields.flag': 'Aggiungere o ridurre',
  'fields.takeProfit': 'Prezzo di take-profit',
  'fields.stopLoss': 'Prezzo di stop-loss',
  'fields.symbolNameList': 'Mercati',
  'fields.oneKeySymbolNameList': 'Mercati da chiudere',
  'fields.symbolName': 'Mercato',
  'errors.CONTRACT_TRIGGER_WRONG_SIDE':
    'Il prezzo di attivazione di uno stop di acquisto deve essere sopra il prezzo mark e quello di vendita sotto',
  'errors.CONTRACT_TOO_MANY_STOPS': 'Hai troppi ordini stop in attesa in questo mercato',
  'fields.triggerPrice': 'Prezzo di attivazione',
};
