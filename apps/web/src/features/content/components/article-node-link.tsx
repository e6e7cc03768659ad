// A link to a category (pid '0') or a section (any other pid): spec section 2's path rule.
import type { ArticleCategory } from '@coin/shared/content';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

export function ArticleNodeLink({
  node,
  children,
  className,
}: {
  node: Pick<ArticleCategory, 'id' | 'pid'>;
  children: ReactNode;
  className?: string;
}) {
  const testId = `article-node-${node.id}`;
  return node.pid === '0' ? (
    <Link
      to="/article/main/categories/$id"
      params={{ id: node.id }}
      className={className}
      data-testid={testId}
    >
      {children}
    </Link>
  ) : (
    <Link to="/article/main/sections/$id" params={{ id: node.id }} className={className} data-testid={testId}>
      {children}
    </Link>
  );
}
