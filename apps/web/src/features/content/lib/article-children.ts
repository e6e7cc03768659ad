// The article tree as the pages need it: children of a node in sort order, and which node a path names.
import type { ArticleCategory } from '@coin/shared/content';

export function childrenOf(nodes: readonly ArticleCategory[], id: string): ArticleCategory[] {
  return nodes.filter((n) => n.pid === id).sort((a, b) => a.sort - b.sort || Number(a.id) - Number(b.id));
}

export function nodeById(nodes: readonly ArticleCategory[], id: string): ArticleCategory | undefined {
  return nodes.find((n) => n.id === id);
}

/** Whether the tree shows any English text in place of the requested language. */
export function treeHasFallback(nodes: readonly ArticleCategory[]): boolean {
  return nodes.some((n) => n.fallback);
}
