// The frame of the help and article section: the category tree on the side (categories and their
// sections, loaded in one call), the page on the right. Applies the language-change rule.

import type { ArticleCategory } from '@coin/shared/content';
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { articleTreeQuery } from '../api/content-api';
import { useArticleLanguageRule } from '../hooks/use-article-language-rule';
import { useContentLang } from '../hooks/use-content-lang';
import { childrenOf } from '../lib/article-children';
import { ArticleNodeLink } from './article-node-link';
import '../content.css';

function TreeBranch({
  nodes,
  pid,
  activeId,
}: {
  nodes: readonly ArticleCategory[];
  pid: string;
  activeId?: string;
}) {
  const children = childrenOf(nodes, pid);
  if (children.length === 0) return null;
  return (
    <ul className="article-tree">
      {children.map((node) => (
        <li key={node.id}>
          <ArticleNodeLink node={node} className={node.id === activeId ? 'is-active' : undefined}>
            {node.name}
          </ArticleNodeLink>
          <TreeBranch nodes={nodes} pid={node.id} activeId={activeId} />
        </li>
      ))}
    </ul>
  );
}

export function ArticleLayout({
  activeId,
  children,
}: {
  activeId?: string;
  children: (tree: readonly ArticleCategory[]) => ReactNode;
}) {
  const { t } = useTranslation('content');
  const lang = useContentLang();
  useArticleLanguageRule();
  const tree = useQuery(articleTreeQuery(lang));
  const nodes = tree.data?.records ?? [];
  return (
    <div className="app-container content-page article-page" data-testid="article-page">
      <aside className="article-side" aria-label={t('helpCenter')}>
        <h2 className="article-side__title">{t('helpCenter')}</h2>
        {tree.isPending ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : (
          <TreeBranch nodes={nodes} pid="0" activeId={activeId} />
        )}
      </aside>
      <section className="article-main" data-testid="article-main">
        {tree.isPending ? <Skeleton active /> : children(nodes)}
      </section>
    </div>
  );
}
