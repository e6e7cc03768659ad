// Russian server messages of perpetual contracts; keys mirror ./en.ts.
import type { contractsEn } from './en';

export const contractsRu: Record<keyof typeof contractsEn, string> = {
  'errors.CONTRACT_MARKET_UNKNOWN': 'Такого рынка контрактов не существует',
  'errors.CONTRACT_MARKET_HALTED': 'Торговля на этом рынке контрактов приостановлена',
  'errors.CONTRACT_PRICE_INVALID': 'Цена должна быть положительным кратным шага цены',
  'errors.CONTRACT_QUANTITY_INVALID':
    'Количество должно быть положительным кратным лота и не меньше минимума',
  'errors.CONTRACT_INSUFFICIENT_BALANCE': 'Недостаточно доступных средств на контрактном счёте',
  'errors.CONTRACT_NO_LIQUIDITY': 'На другой стороне нет заявок для сделки',
  'errors.CONTRACT_ORDER_NOT_FOUND': 'Заявка не найдена или уже не активна',
  'errors.CONTRACT_POSITION_NOT_FOUND': 'Позиция не найдена',
  'errors.CONTRACT_LEVERAGE_TOO_HIGH': 'Плечо превышает максимум для этого рынка или размера позиции',
  'errors.CONTRACT_REDUCE_ONLY':
    'Заявка на закрытие не может превышать открытую позицию (за вычетом уже закрываемого)',
  'errors.CONTRACT_MARGIN_BELOW_INITIAL': 'Маржу нельзя уменьшить ниже начальной маржи',
  'errors.CONTRACT_TPSL_WRONG_SIDE':
    'Тейк-профит должен быть за маркировочной ценой, а стоп-лосс — между маркировочной ценой и ценой ликвидации',
  'errors.CONTRACT_MODE_LOCKED':
    'Режим маржи можно сменить только без открытых позиций и заявок на этом рынке',
  'errors.CONTRACT_PRICE_STALE': 'Нет свежей маркировочной цены для этого рынка; попробуйте чуть позже',
  'errors.CONTRACT_AMOUNT_TOO_LARGE': 'Заявка превышает допустимый размер',
  'errors.CONTRACT_COUNTRY_BLOCKED': 'Торговля контрактами недоступна в вашей стране или регионе',
  'errors.CONTRACT_REJECTED': 'Заявка не принята',
  'success.positionClosed': 'Позиция закрыта',
  'success.marginAdjusted': 'Маржа изменена',
  'success.tpslSet': 'Тейк-профит и стоп-лосс установлены',
  'success.tpslCleared': 'Тейк-профит и стоп-лосс отменены',
  'success.leverageSet': 'Плечо установлено',
  'fields.leverage': 'Кредитное плечо',
  'fields.money': 'Сумма',
  'fields.flag': 'Добавить или уменьшить',
  'fields.takeProfit': 'Цена тейк-профита',
  'fields.stopLoss': 'Цена стоп-лосса',
  'fields.symbolNameList': 'Рынки',
  'fields.oneKeySymbolNameList': 'Рынки для закрытия',
  'fields.symbolName': 'Рынок',
  'errors.CONTRACT_TRIGGER_WRONG_SIDE':
    'Цена срабатывания стоп-ордера на покупку должна быть выше маркировочной цены, на продажу — ниже',
  'errors.CONTRACT_TOO_MANY_STOPS': 'У вас слишком много ожидающих стоп-ордеров на этом рынке',
  'fields.triggerPrice': 'Цена срабатывания',
};
