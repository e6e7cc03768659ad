// admin area server messages; keys mirror ./en.ts.
import type { adminEn } from './en';

export const adminJa: Record<keyof typeof adminEn, string> = {
  'errors.ADMIN_USER_NOT_FOUND': 'ユーザーが見つかりません',
  'errors.ADJUSTMENT_NOT_FOUND': '調整申請が見つかりません',
  'errors.ADJUSTMENT_ASSET_UNKNOWN': 'この資産はウォレットの資産一覧にありません',
  'errors.ADJUSTMENT_SELF_APPROVAL':
    '調整を申請したオペレーターは承認・却下できません。別の管理者が判断してください',
  'errors.ADJUSTMENT_STATE': 'この調整申請はすでに処理済みです',
  'errors.ADJUSTMENT_INSUFFICIENT_BALANCE': '残高が不足しているため、このマイナス調整は実行できません',
  'errors.ADJUSTMENT_FAILED': '調整を実行できなかったため、失敗として記録しました',
  'errors.ADJUSTMENT_CORE_UNAVAILABLE':
    '残高サービスは現在利用できません。しばらくしてから再試行してください',
  'errors.PROJECTION_FAILURE_NOT_FOUND': '投影の失敗記録が見つかりません',
  'errors.PROJECTION_FAILURE_STATE': 'この投影の失敗記録はすでに再試行または却下されています',
  'errors.PROJECTION_RETRY_FAILED':
    '明細行はまだ書き込めません。失敗記録は未解決のまま新しいエラーで更新されました',
  'errors.PROJECTION_UNAVAILABLE': '明細の投影が動作していません。しばらくしてから再度お試しください',
  'success.projectionRetried': '不足していた明細行を書き込みました',
  'success.projectionDismissed': '投影の失敗記録を却下しました',
  'success.adjustmentRequested': '調整申請を作成しました。別の管理者の承認が必要です',
  'success.adjustmentApproved': '調整が承認され、反映されました',
  'success.adjustmentRejected': '調整申請を却下しました',
  'errors.OPERATOR_NOT_FOUND': 'オペレーターが見つかりません',
  'errors.OPERATOR_REQUEST_NOT_FOUND': 'オペレーター申請が見つかりません',
  'errors.OPERATOR_REQUEST_STATE': 'このオペレーター申請は処理済みです',
  'errors.OPERATOR_REQUEST_PENDING': 'このオペレーターのロール変更はすでに承認待ちです',
  'errors.OPERATOR_REQUEST_SELF_APPROVAL':
    '自分が出した申請や自分のアカウントに関する申請は処理できません。別の管理者が判断する必要があります',
  'errors.OPERATOR_ROLE_UNCHANGED': 'このオペレーターはすでにこのロールです',
  'errors.APPROVAL_SAME_OPERATOR':
    '1回目の承認はあなたが行いました。2回目は別のオペレーターが承認する必要があります',
  'errors.APPROVAL_LINKED_OPERATOR':
    'あなたのアカウントを申請した管理者の申請や、あなたがアカウントを申請したオペレーターの申請は承認できません',
  'errors.APPROVAL_COOLING_OFF': '新しいオペレーターはまだ承認できません。{from} から承認できます',
  'success.operatorRequested': 'オペレーター申請を作成しました。別の管理者の承認が必要です',
  'success.operatorCreated':
    'オペレーターを作成しました（最初の管理者による、2人目の承認なしの1回限りの追加）',
  'success.operatorRequestApproved': 'オペレーター申請を承認し、反映しました',
  'success.operatorRequestRejected': 'オペレーター申請を却下しました',
  'success.firstApprovalRecorded': '1回目の承認を記録しました。別のオペレーターによる2回目の承認が必要です',
  'validation.notZero': 'ゼロにはできません',
  'fields.userId': 'ユーザーID',
  'fields.asset': '資産',
  'fields.accountType': '口座種別',
  'fields.amount': '金額',
  'fields.reason': '理由',
  'fields.keyword': 'キーワード',
  'fields.status': '状態',
};
