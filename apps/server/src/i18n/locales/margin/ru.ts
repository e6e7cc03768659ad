// Russian server messages of spot margin; keys mirror ./en.ts.
import type { marginEn } from './en';

export const marginRu: Record<keyof typeof marginEn, string> = {
  'errors.MARGIN_DISABLED': 'Маржинальная торговля на этой платформе недоступна',
  'errors.MARGIN_PAIR_UNKNOWN': 'Для этой пары маржинальная торговля не предлагается',
  'errors.MARGIN_COIN_UNKNOWN': 'Эту монету нельзя занять или держать на этом маржинальном счёте',
  'errors.MARGIN_LEVEL_TOO_LOW': 'Это опустит уровень маржи ниже допустимого для вашего плеча',
  'errors.MARGIN_BORROW_LIMIT': 'Это больше, чем вы можете занять сейчас',
  'errors.MARGIN_REPAY_EXCEEDS_DEBT': 'Это больше, чем вы должны (основной долг и проценты)',
  'errors.MARGIN_LEVERAGE_INVALID': 'Такое плечо не предлагается',
  'errors.MARGIN_PRICE_UNAVAILABLE': 'Цены сейчас недоступны; попробуйте чуть позже',
  'errors.MARGIN_LIQUIDATING': 'Этот маржинальный счёт ликвидируется',
  'errors.MARGIN_POOL_INSUFFICIENT': 'Кредитный пул сейчас не может выдать столько',
  'errors.MARGIN_INSUFFICIENT_BALANCE': 'Недостаточно доступных средств на счёте',
  'errors.MARGIN_AMOUNT_INVALID':
    'Введите корректную сумму, не больше знаков после запятой, чем допускает монета',
  'errors.MARGIN_AMOUNT_TOO_LARGE': 'Сумма превышает допустимую',
  'errors.MARGIN_REJECTED': 'Запрос не принят',
  'errors.MARGIN_SIDE_EFFECT_SPOT':
    'Автозайм и автопогашение доступны только для ордеров с маржинального счёта',
  'success.marginBorrowed': 'Заём получен',
  'success.marginRepaid': 'Погашено',
  'success.marginLeverageUpdated': 'Плечо обновлено',
  'success.marginPoolChanged': 'Кредитный пул обновлён',
  'mail.marginCallSubject': 'Маржин-колл: ваш уровень маржи {level}',
  'mail.marginCallBody':
    'Ваш уровень маржи упал до {level}, ниже уровня предупреждения {call}. При {liquidation} счёт будет ликвидирован автоматически. Пополните счёт или погасите долг, чтобы поднять уровень.',
  'fields.sideEffect': 'Автозайм/автопогашение',
  'fields.leverage': 'Плечо',
  'fields.hourlyRate': 'Часовая ставка',
};
