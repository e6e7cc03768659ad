// POSITION pushes on the private channel (docs/contracts.md "Realtime"): the position view after every
// change. Pure: a pushed position replaces the listed one with its id, a new one is added, one with
// quantity 0 (closed or liquidated) leaves the list.
import type { ContractPosition } from '../api/contracts-api';

export function readPositionEvent(data: unknown): ContractPosition | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const p = data as Partial<ContractPosition>;
  if (typeof p.positionId !== 'string' || typeof p.qty !== 'string' || typeof p.symbol !== 'string')
    return undefined;
  return p as ContractPosition;
}

export function applyPositionEvent(list: ContractPosition[], p: ContractPosition): ContractPosition[] {
  const rest = list.filter((x) => x.positionId !== p.positionId);
  if (Number(p.qty) === 0) return rest;
  const at = list.findIndex((x) => x.positionId === p.positionId);
  if (at < 0) return [...rest, p];
  const next = [...list];
  next[at] = p;
  return next;
}
