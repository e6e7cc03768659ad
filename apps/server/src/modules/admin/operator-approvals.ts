// Who may approve whose request (docs/admin-console.md "Who may approve"). One rule for every approval
// that needs a second person: balance adjustments, the second approval of a large manual recharge and
// operator requests. Review-queue approvals (recharges, withdrawals) have no requesting operator and
// are only subject to the cooling-off.
//
// The threat is one person with two operator accounts. Whoever requested an operator account chose its
// initial password, so that account may be the requester's own second account: the two may never
// approve each other's requests. The admin who approved the account never knew its password, so that
// link is not a same-person risk and is not barred (barring it would leave a three-admin team unable
// to approve the first admin's requests). The first admin's one solo addition (no second approval
// exists yet) may not approve the first admin's requests, but the first admin may approve its: with
// both directions barred the first two admins could never add a third. And a new account (or a new
// role) cannot approve anything during the cooling-off, time for the other operators to notice it.

/** What the rule needs to know about an operator. */
export interface OperatorLineage {
  id: bigint;
  /** The admin who requested this account; null for the first admin (and older accounts). */
  createdBy: bigint | null;
  /** The second admin who approved it; null for the first admin and for its one solo addition. */
  approvedBy: bigint | null;
  mayApproveFrom: Date | null;
}

export type ApprovalBlock = 'self' | 'linked' | 'coolingOff';

/** Why `approver` may not approve a request of `requester` (undefined: no requesting operator), or null. */
export function approvalBlock(
  approver: OperatorLineage,
  requester: OperatorLineage | undefined,
  now: Date,
): ApprovalBlock | null {
  if (requester && requester.id === approver.id) return 'self';
  if (requester && linked(approver, requester)) return 'linked';
  if (approver.mayApproveFrom && now.getTime() < approver.mayApproveFrom.getTime()) return 'coolingOff';
  return null;
}

function linked(approver: OperatorLineage, requester: OperatorLineage): boolean {
  // The requester asked for the approver's account (this includes the first admin's solo addition).
  if (approver.createdBy !== null && approver.createdBy === requester.id) return true;
  // The approver asked for the requester's account, which a second admin approved. The solo addition
  // (approvedBy null) is left out on purpose: see the header.
  return requester.createdBy !== null && requester.createdBy === approver.id && requester.approvedBy !== null;
}

/** The ids of operators whose requests `approver` may never approve (for the console's buttons). */
export function linkedOperatorIds(approver: OperatorLineage, all: readonly OperatorLineage[]): bigint[] {
  return all.filter((o) => o.id !== approver.id && linked(approver, o)).map((o) => o.id);
}
