// The signed-in operator and the pages their role may open.
import { useAdminSession } from './admin-session';
import { pagesFor } from './console-rules';

export function useOperator() {
  const operator = useAdminSession((s) => s.operator);
  const token = useAdminSession((s) => s.token);
  return { operator, token, pages: operator ? pagesFor(operator.role) : [] };
}
