// admin area server messages; keys mirror ./en.ts.
import type { adminEn } from './en';

export const adminLt: Record<keyof typeof adminEn, string> = {
  'errors.ADMIN_USER_NOT_FOUND': 'Naudotojas nerastas',
  'errors.ADJUSTMENT_NOT_FOUND': 'Koregavimo prašymas nerastas',
  'errors.ADJUSTMENT_ASSET_UNKNOWN': 'Šio turto nėra piniginės turto sąraše',
  'errors.ADJUSTMENT_SELF_APPROVAL':
    'Koregavimo paprašęs operatorius negali jo patvirtinti ar atmesti; turi nuspręsti kitas administratorius',
  'errors.ADJUSTMENT_STATE': 'Dėl šio koregavimo prašymo jau nuspręsta',
  'errors.ADJUSTMENT_INSUFFICIENT_BALANCE': 'Likučio nepakanka šiam neigiamam koregavimui',
  'errors.ADJUSTMENT_FAILED': 'Koregavimo atlikti nepavyko, jis pažymėtas kaip nepavykęs',
  'errors.ADJUSTMENT_CORE_UNAVAILABLE': 'Likučių paslauga nepasiekiama, bandykite vėliau',
  'errors.PROJECTION_FAILURE_NOT_FOUND': 'Projekcijos klaida nerasta',
  'errors.PROJECTION_FAILURE_STATE': 'Ši projekcijos klaida jau buvo pakartota arba atmesta',
  'errors.PROJECTION_RETRY_FAILED':
    'Išrašo eilučių vis dar nepavyksta įrašyti; klaida lieka atvira su nauju klaidos pranešimu',
  'errors.PROJECTION_UNAVAILABLE': 'Išrašų projekcija neveikia, bandykite vėliau',
  'success.projectionRetried': 'Trūkstamos išrašo eilutės įrašytos',
  'success.projectionDismissed': 'Projekcijos klaida atmesta',
  'success.adjustmentRequested': 'Koregavimo prašymas sukurtas; jį turi patvirtinti kitas administratorius',
  'success.adjustmentApproved': 'Koregavimas patvirtintas ir įvykdytas',
  'success.adjustmentRejected': 'Koregavimo prašymas atmestas',
  'errors.OPERATOR_NOT_FOUND': 'Operatorius nerastas',
  'errors.OPERATOR_REQUEST_NOT_FOUND': 'Operatoriaus prašymas nerastas',
  'errors.OPERATOR_REQUEST_STATE': 'Dėl šio operatoriaus prašymo jau nuspręsta',
  'errors.OPERATOR_REQUEST_PENDING': 'Šio operatoriaus vaidmens pakeitimas jau laukia patvirtinimo',
  'errors.OPERATOR_REQUEST_SELF_APPROVAL':
    'Negalite spręsti savo paties prašymo ar prašymo dėl savo paskyros; turi nuspręsti kitas administratorius',
  'errors.OPERATOR_ROLE_UNCHANGED': 'Operatorius jau turi šį vaidmenį',
  'errors.APPROVAL_SAME_OPERATOR': 'Pirmą patvirtinimą davėte jūs; antrą turi duoti kitas operatorius',
  'errors.APPROVAL_LINKED_OPERATOR':
    'Negalite tvirtinti administratoriaus, paprašiusio sukurti jūsų paskyrą, prašymų, nei operatoriaus, kurio paskyrą prašėte sukurti jūs',
  'errors.APPROVAL_COOLING_OFF':
    'Nauji operatoriai dar negali nieko tvirtinti; galėsite tvirtinti nuo {from}',
  'success.operatorRequested': 'Operatoriaus prašymas sukurtas; jį turi patvirtinti kitas administratorius',
  'success.operatorCreated':
    'Operatorius sukurtas (vienintelis pirmojo administratoriaus papildymas be antro patvirtinimo)',
  'success.operatorRequestApproved': 'Operatoriaus prašymas patvirtintas ir pritaikytas',
  'success.operatorRequestRejected': 'Operatoriaus prašymas atmestas',
  'success.firstApprovalRecorded': 'Pirmas patvirtinimas įrašytas; antrą turi duoti kitas operatorius',
  'validation.notZero': 'negali būti nulis',
  'fields.userId': 'Naudotojo ID',
  'fields.asset': 'Turtas',
  'fields.accountType': 'Sąskaitos tipas',
  'fields.amount': 'Suma',
  'fields.reason': 'Priežastis',
  'fields.keyword': 'Raktažodis',
  'fields.status': 'Būsena',
};
