// /article/main/index, /article/main/categories/{id}, /article/main/sections/{id} and
// /article/main/content/{articleType}/{id} (spec section 2): the help centre.
import type { ArticleCategory } from '@coin/shared/content';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button, Card, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { RichHtml } from '@/components/rich-html';
import { useFormatTime } from '@/lib/format-time';
import { contentDetailQuery } from '../api/content-api';
import { ArticleBreadcrumb } from '../components/article-breadcrumb';
import { ArticleLayout } from '../components/article-layout';
import { ArticleList } from '../components/article-list';
import { ArticleNodeLink } from '../components/article-node-link';
import { FallbackNote } from '../components/fallback-note';
import { useContentLang } from '../hooks/use-content-lang';
import { childrenOf, nodeById, treeHasFallback } from '../lib/article-children';

function Missing() {
  const { t } = useTranslation('content');
  return (
    <Result
      status="404"
      title={t('notFound')}
      data-testid="content-not-found"
      extra={
        <Link to="/article/main/index">
          <Button type="primary">{t('backToHelp')}</Button>
        </Link>
      }
    />
  );
}

export function ArticleIndexPage() {
  const { t } = useTranslation('content');
  return (
    <ArticleLayout>
      {(nodes) => (
        <>
          <ArticleBreadcrumb nodes={nodes} nodeId={null} />
          <h1 className="content-title">{t('helpCenter')}</h1>
          <FallbackNote show={treeHasFallback(nodes)} />
          <div className="article-grid">
            {childrenOf(nodes, '0').map((cat) => (
              <Card
                key={cat.id}
                title={<ArticleNodeLink node={cat}>{cat.name}</ArticleNodeLink>}
                size="small"
                data-testid={`article-category-${cat.section_code}`}
              >
                <ArticleList sectionCode={cat.section_code} showEmpty={false} />
                {childrenOf(nodes, cat.id).map((section) => (
                  <div key={section.id} className="article-grid__section">
                    <ArticleNodeLink node={section}>{section.name}</ArticleNodeLink>
                  </div>
                ))}
              </Card>
            ))}
          </div>
        </>
      )}
    </ArticleLayout>
  );
}

function NodePage({ id }: { id: string }) {
  return (
    <ArticleLayout activeId={id}>
      {(nodes) => {
        const node = nodeById(nodes, id);
        if (!node) return <Missing />;
        return <NodeBody nodes={nodes} node={node} />;
      }}
    </ArticleLayout>
  );
}

function NodeBody({ nodes, node }: { nodes: readonly ArticleCategory[]; node: ArticleCategory }) {
  const sections = childrenOf(nodes, node.id);
  return (
    <>
      <ArticleBreadcrumb nodes={nodes} nodeId={node.id} />
      <h1 className="content-title" data-testid="article-node-title">
        {node.name}
      </h1>
      <FallbackNote show={node.fallback} />
      {sections.length > 0 ? (
        <ul className="article-sections">
          {sections.map((s) => (
            <li key={s.id}>
              <ArticleNodeLink node={s}>{s.name}</ArticleNodeLink>
            </li>
          ))}
        </ul>
      ) : null}
      <ArticleList sectionCode={node.section_code} showEmpty={sections.length === 0} />
    </>
  );
}

export function ArticleCategoryPage({ id }: { id: string }) {
  return <NodePage id={id} />;
}

export function ArticleSectionPage({ id }: { id: string }) {
  return <NodePage id={id} />;
}

const FORMS = ['article', 'news', 'notice'] as const;

export function ArticleContentPage({ articleType, id }: { articleType: string; id: string }) {
  const lang = useContentLang();
  const formatTime = useFormatTime();
  const form = FORMS.find((f) => f === articleType);
  const detail = useQuery({
    ...contentDetailQuery(lang, form ?? 'article', id),
    enabled: form !== undefined,
  });
  const categoryId = detail.data?.category_id ?? undefined;
  return (
    <ArticleLayout activeId={categoryId}>
      {(nodes) => {
        if (!form || detail.isError) return <Missing />;
        if (detail.isPending) return <Skeleton active />;
        const item = detail.data;
        return (
          <article data-testid="article-content">
            <ArticleBreadcrumb nodes={nodes} nodeId={item.category_id} title={item.title} />
            <h1 className="content-title" data-testid="article-title">
              {item.title}
            </h1>
            {item.publish_time ? <p className="content-meta">{formatTime(item.publish_time)}</p> : null}
            <FallbackNote show={item.fallback} />
            <RichHtml html={item.html} />
          </article>
        );
      }}
    </ArticleLayout>
  );
}
