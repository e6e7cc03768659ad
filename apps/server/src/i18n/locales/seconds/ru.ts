// Russian server messages of seconds contracts; keys mirror ./en.ts.
import type { secondsEn } from './en';

export const secondsRu: Record<keyof typeof secondsEn, string> = {
  'errors.SECONDS_DISABLED': 'Секундные контракты недоступны',
  'errors.SECONDS_COUNTRY_BLOCKED': 'Секундные контракты не предоставляются в вашей стране',
  'errors.SECONDS_NOTICE_REQUIRED':
    'Прочитайте и подтвердите уведомление о рисках перед первым секундным контрактом',
  'errors.SECONDS_QUANTITY_NOT_INTEGER': 'Количество должно быть целым числом',
  'errors.SECONDS_SYMBOL_UNKNOWN': 'Для этой монеты секундные контракты не предоставляются',
  'errors.SECONDS_PERIOD_UNKNOWN': 'Такого периода нет',
  'errors.SECONDS_PERIOD_DISABLED': 'Этот период не принимает новые ордера',
  'errors.SECONDS_STAKE_OUT_OF_RANGE': 'Количество должно быть от {min} до {max}',
  'errors.SECONDS_INSUFFICIENT_BALANCE': 'Недостаточно доступных средств',
  'errors.SECONDS_POOL_INSUFFICIENT':
    'Пул контрактов сейчас не может покрыть максимальную выплату по этому ордеру; уменьшите количество',
  'errors.SECONDS_PRICE_UNAVAILABLE': 'Для этой монеты нет текущей индексной цены; попробуйте чуть позже',
  'errors.SECONDS_TOO_MANY_OPEN': 'Слишком много открытых контрактов; дождитесь расчёта части из них',
  'errors.SECONDS_AMOUNT_TOO_LARGE': 'Количество больше допустимого',
  'errors.SECONDS_ORDER_REJECTED': 'Ордер не принят',
  'errors.SECONDS_HOUSE_INSUFFICIENT': 'На счёте платформы недостаточно средств',
  'success.secondsOrderPlaced': 'Контракт открыт',
  'success.secondsNoticeAcknowledged': 'Уведомление о рисках подтверждено',
  'success.secondsPeriodSaved': 'Период сохранён',
  'success.secondsPoolMoved': 'Пул обновлён',
  'fields.direction': 'Направление',
  'fields.periodId': 'Период',
  'fields.durationSec': 'Длительность',
  'fields.minStake': 'Минимальное количество',
  'fields.maxStake': 'Максимальное количество',
  'fields.enabled': 'Включён',
  'fields.country': 'Страна проживания',
  'fields.accept': 'Подтверждение',
};
