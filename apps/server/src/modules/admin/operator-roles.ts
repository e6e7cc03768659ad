// Operator roles, separate from user grades (issue 2, scope 5).
export const OPERATOR_ROLES = ['admin', 'reviewer', 'support'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export function isOperatorRole(value: string): value is OperatorRole {
  return (OPERATOR_ROLES as readonly string[]).includes(value);
}

/** Powers grow from support to reviewer (review queues) to admin (everything). */
const RANK: Record<OperatorRole, number> = { support: 0, reviewer: 1, admin: 2 };

/** Whether moving from `from` to `to` gives more powers (and so restarts the cooling-off). */
export function isRaise(from: string, to: OperatorRole): boolean {
  return !isOperatorRole(from) || RANK[to] > RANK[from];
}
