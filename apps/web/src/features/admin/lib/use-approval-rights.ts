// The signed-in operator's approval rights (cooling-off, linked accounts) from `me`, and the reason a
// request's approve button would be refused (console-rules approvalBlock).
import { useQuery } from '@tanstack/react-query';
import { consoleKeys, operatorMe } from '../api/console-api';
import { type ApprovalBlock, approvalBlock } from './console-rules';
import { useOperator } from './use-operator';

export function useApprovalRights() {
  const { operator } = useOperator();
  const me = useQuery({
    queryKey: consoleKeys.me,
    queryFn: operatorMe,
    enabled: operator !== null,
    staleTime: 30_000,
  });
  return {
    meId: operator?.id,
    mayApproveFrom: me.data?.mayApproveFrom ?? null,
    blockFor: (requesterId?: string | null): ApprovalBlock | null =>
      approvalBlock(operator?.id, me.data, requesterId, Date.now()),
  };
}
