// admin area server messages; keys mirror ./en.ts.
import type { adminEn } from './en';

export const adminRu: Record<keyof typeof adminEn, string> = {
  'errors.ADMIN_USER_NOT_FOUND': 'Пользователь не найден',
  'errors.ADJUSTMENT_NOT_FOUND': 'Заявка на корректировку не найдена',
  'errors.ADJUSTMENT_ASSET_UNKNOWN': 'Этого актива нет в списке активов кошелька',
  'errors.ADJUSTMENT_SELF_APPROVAL':
    'Оператор, создавший заявку на корректировку, не может её одобрить или отклонить; решение принимает другой администратор',
  'errors.ADJUSTMENT_STATE': 'Эта заявка на корректировку уже рассмотрена',
  'errors.ADJUSTMENT_INSUFFICIENT_BALANCE': 'Недостаточно средств для этой отрицательной корректировки',
  'errors.ADJUSTMENT_FAILED': 'Корректировку не удалось выполнить, заявка помечена как неуспешная',
  'errors.ADJUSTMENT_CORE_UNAVAILABLE': 'Сервис балансов недоступен, повторите попытку позже',
  'errors.PROJECTION_FAILURE_NOT_FOUND': 'Сбой проекции не найден',
  'errors.PROJECTION_FAILURE_STATE': 'Этот сбой проекции уже повторён или отклонён',
  'errors.PROJECTION_RETRY_FAILED':
    'Строки выписки по-прежнему не удаётся записать; сбой остаётся открытым с новой ошибкой',
  'errors.PROJECTION_UNAVAILABLE': 'Проекция выписок не работает, повторите попытку позже',
  'success.projectionRetried': 'Недостающие строки выписки записаны',
  'success.projectionDismissed': 'Сбой проекции отклонён',
  'success.adjustmentRequested': 'Заявка на корректировку создана; её должен одобрить другой администратор',
  'success.adjustmentApproved': 'Корректировка одобрена и проведена',
  'success.adjustmentRejected': 'Заявка на корректировку отклонена',
  'errors.OPERATOR_NOT_FOUND': 'Оператор не найден',
  'errors.OPERATOR_REQUEST_NOT_FOUND': 'Заявка по оператору не найдена',
  'errors.OPERATOR_REQUEST_STATE': 'Эта заявка по оператору уже рассмотрена',
  'errors.OPERATOR_REQUEST_PENDING': 'Смена роли этого оператора уже ожидает одобрения',
  'errors.OPERATOR_REQUEST_SELF_APPROVAL':
    'Нельзя решать свою собственную заявку или заявку о своей учётной записи; решение должен принять другой администратор',
  'errors.OPERATOR_ROLE_UNCHANGED': 'У оператора уже эта роль',
  'errors.APPROVAL_SAME_OPERATOR': 'Первое одобрение дали вы; второе должен дать другой оператор',
  'errors.APPROVAL_LINKED_OPERATOR':
    'Нельзя одобрять заявки администратора, запросившего вашу учётную запись, или оператора, учётную запись которого запросили вы',
  'errors.APPROVAL_COOLING_OFF':
    'Новые операторы пока не могут ничего одобрять; вы сможете одобрять с {from}',
  'success.operatorRequested': 'Заявка по оператору создана; её должен одобрить другой администратор',
  'success.operatorCreated':
    'Оператор создан (единственное добавление первого администратора без второго одобрения)',
  'success.operatorRequestApproved': 'Заявка по оператору одобрена и применена',
  'success.operatorRequestRejected': 'Заявка по оператору отклонена',
  'success.firstApprovalRecorded': 'Первое одобрение записано; второе должен дать другой оператор',
  'validation.notZero': 'не может быть равно нулю',
  'fields.userId': 'ID пользователя',
  'fields.asset': 'Актив',
  'fields.accountType': 'Тип счёта',
  'fields.amount': 'Сумма',
  'fields.reason': 'Причина',
  'fields.keyword': 'Ключевое слово',
  'fields.status': 'Статус',
};
