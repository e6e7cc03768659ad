// Spec section 2: the article breadcrumb starts with 'all' (the article index), then the parent chain,
// each entry a category path (pid '0') or a section path; an article's title ends it.
import { type ArticleCategory, articleChain } from '@coin/shared/content';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ArticleNodeLink } from './article-node-link';

export function ArticleBreadcrumb({
  nodes,
  nodeId,
  title,
}: {
  nodes: readonly ArticleCategory[];
  nodeId: string | null;
  title?: string;
}) {
  const { t } = useTranslation('content');
  const chain = nodeId === null ? [] : articleChain(nodes, nodeId);
  return (
    <nav className="article-breadcrumb" aria-label={t('breadcrumb')} data-testid="article-breadcrumb">
      <ol>
        <li>
          <Link to="/article/main/index" data-testid="breadcrumb-all">
            {t('all')}
          </Link>
        </li>
        {chain.map((node) => (
          <li key={node.id}>
            <ArticleNodeLink node={node}>{node.name}</ArticleNodeLink>
          </li>
        ))}
        {title ? <li aria-current="page">{title}</li> : null}
      </ol>
    </nav>
  );
}
