// admin area server messages; keys mirror ./en.ts.
import type { adminEn } from './en';

export const adminFr: Record<keyof typeof adminEn, string> = {
  'errors.ADMIN_USER_NOT_FOUND': 'Utilisateur introuvable',
  'errors.ADJUSTMENT_NOT_FOUND': 'Demande d’ajustement introuvable',
  'errors.ADJUSTMENT_ASSET_UNKNOWN': 'Cet actif ne figure pas dans la liste des actifs du portefeuille',
  'errors.ADJUSTMENT_SELF_APPROVAL':
    'L’opérateur qui a demandé un ajustement ne peut ni l’approuver ni le rejeter ; un autre administrateur doit décider',
  'errors.ADJUSTMENT_STATE': 'Cette demande d’ajustement a déjà été traitée',
  'errors.ADJUSTMENT_INSUFFICIENT_BALANCE': 'Le solde est insuffisant pour cet ajustement négatif',
  'errors.ADJUSTMENT_FAILED': 'L’ajustement n’a pas pu être exécuté et a été marqué comme échoué',
  'errors.ADJUSTMENT_CORE_UNAVAILABLE':
    'Le service des soldes est indisponible, veuillez réessayer plus tard',
  'errors.PROJECTION_FAILURE_NOT_FOUND': 'Échec de projection introuvable',
  'errors.PROJECTION_FAILURE_STATE': 'Cet échec de projection a déjà été relancé ou écarté',
  'errors.PROJECTION_RETRY_FAILED':
    'Les lignes de relevé ne peuvent toujours pas être écrites ; l’échec reste ouvert avec la nouvelle erreur',
  'errors.PROJECTION_UNAVAILABLE':
    'La projection des relevés ne fonctionne pas, veuillez réessayer plus tard',
  'success.projectionRetried': 'Lignes de relevé manquantes écrites',
  'success.projectionDismissed': 'Échec de projection écarté',
  'success.adjustmentRequested': 'Demande d’ajustement créée ; un autre administrateur doit l’approuver',
  'success.adjustmentApproved': 'Ajustement approuvé et appliqué',
  'success.adjustmentRejected': 'Demande d’ajustement rejetée',
  'errors.OPERATOR_NOT_FOUND': 'Opérateur introuvable',
  'errors.OPERATOR_REQUEST_NOT_FOUND': 'Demande d’opérateur introuvable',
  'errors.OPERATOR_REQUEST_STATE': 'Cette demande d’opérateur a déjà été traitée',
  'errors.OPERATOR_REQUEST_PENDING': 'Un changement de rôle de cet opérateur attend déjà une approbation',
  'errors.OPERATOR_REQUEST_SELF_APPROVAL':
    'Vous ne pouvez pas trancher une demande que vous avez faite ni une demande concernant votre propre compte ; un autre administrateur doit décider',
  'errors.OPERATOR_ROLE_UNCHANGED': 'L’opérateur a déjà ce rôle',
  'errors.APPROVAL_SAME_OPERATOR':
    'Vous avez donné la première approbation ; la seconde doit venir d’un autre opérateur',
  'errors.APPROVAL_LINKED_OPERATOR':
    'Vous ne pouvez pas approuver les demandes de l’administrateur qui a demandé votre compte, ni celles d’un opérateur dont vous avez demandé le compte',
  'errors.APPROVAL_COOLING_OFF':
    'Les nouveaux opérateurs ne peuvent encore rien approuver ; vous pourrez approuver à partir du {from}',
  'success.operatorRequested': 'Demande d’opérateur créée ; un autre administrateur doit l’approuver',
  'success.operatorCreated':
    'Opérateur créé (l’unique ajout du premier administrateur sans seconde approbation)',
  'success.operatorRequestApproved': 'Demande d’opérateur approuvée et appliquée',
  'success.operatorRequestRejected': 'Demande d’opérateur rejetée',
  'success.firstApprovalRecorded':
    'Première approbation enregistrée ; un autre opérateur doit donner la seconde',
  'validation.notZero': 'ne doit pas être nul',
  'fields.userId': 'ID utilisateur',
  'fields.asset': 'Actif',
  'fields.accountType': 'Type de compte',
  'fields.amount': 'Montant',
  'fields.reason': 'Motif',
  'fields.keyword': 'Mot-clé',
  'fields.status': 'Statut',
};
