// German server messages of perpetual contracts; keys mirror ./en.ts.
import type { contractsEn } from './en';

export const contractsDe: Record<keyof typeof contractsEn, string> = {
  'errors.CONTRACT_MARKET_UNKNOWN': 'Dieser Kontraktmarkt existiert nicht',
  'errors.CONTRACT_MARKET_HALTED': 'Der Handel in diesem Kontraktmarkt ist ausgesetzt',
  'errors.CONTRACT_PRICE_INVALID': 'Der Preis muss ein positives Vielfaches der Tick-Größe sein',
  'errors.CONTRACT_QUANTITY_INVALID':
    'Die Menge muss ein positives Vielfaches der Losgröße und mindestens das Minimum sein',
  'errors.CONTRACT_INSUFFICIENT_BALANCE': 'Unzureichendes verfügbares Guthaben auf dem Kontraktkonto',
  'errors.CONTRACT_NO_LIQUIDITY': 'Auf der Gegenseite gibt es keine Orders zum Handeln',
  'errors.CONTRACT_ORDER_NOT_FOUND': 'Order nicht gefunden oder nicht mehr offen',
  'errors.CONTRACT_POSITION_NOT_FOUND': 'Position nicht gefunden',
  'errors.CONTRACT_LEVERAGE_TOO_HIGH':
    'Der Hebel übersteigt das Maximum dieses Marktes oder dieser Positionsgröße',
  'errors.CONTRACT_REDUCE_ONLY':
    'Eine Schließungsorder darf nicht größer sein als die offene Position (abzüglich dessen, was bereits geschlossen wird)',
  'errors.CONTRACT_MARGIN_BELOW_INITIAL': 'Die Margin kann nicht unter die Initial-Margin reduziert werden',
  'errors.CONTRACT_TPSL_WRONG_SIDE':
    'Take-Profit muss jenseits des Mark-Preises liegen, Stop-Loss zwischen Mark-Preis und Liquidationspreis',
  'errors.CONTRACT_MODE_LOCKED':
    'Der Margin-Modus kann nur ohne offene Position oder Order in diesem Markt geändert werden',
  'errors.CONTRACT_PRICE_STALE':
    'Kein aktueller Mark-Preis für diesen Markt; bitte versuchen Sie es gleich noch einmal',
  'errors.CONTRACT_AMOUNT_TOO_LARGE': 'Die Order ist größer als erlaubt',
  'errors.CONTRACT_COUNTRY_BLOCKED':
    'Der Kontrakthandel wird in Ihrem Land oder Ihrer Region nicht angeboten',
  'errors.CONTRACT_REJECTED': 'Die Order wurde nicht angenommen',
  'success.positionClosed': 'Position geschlossen',
  'success.marginAdjusted': 'Margin angepasst',
  'success.tpslSet': 'Take-Profit und Stop-Loss gesetzt',
  'success.tpslCleared': 'Take-Profit und Stop-Loss entfernt',
  'success.leverageSet': 'Hebel gesetzt',
  'fields.leverage': 'Hebel',
  'fields.money': 'Betrag',
  'fields.flag': 'Hinzufügen oder reduzieren',
  'fields.takeProfit': 'Take-Profit-Preis',
  'fields.stopLoss': 'Stop-Loss-Preis',
  'fields.symbolNameList': 'Märkte',
  'fields.oneKeySymbolNameList': 'Zu schließende Märkte',
  'fields.symbolName': 'Markt',
  'errors.CONTRACT_TRIGGER_WRONG_SIDE':
    'Der Auslösepreis einer Kauf-Stop-Order muss über dem Mark-Preis liegen, der einer Verkaufs-Stop-Order darunter',
  'errors.CONTRACT_TOO_MANY_STOPS': 'Sie haben zu viele wartende Stop-Orders in diesem Markt',
  'fields.triggerPrice': 'Auslösepreis',
};
