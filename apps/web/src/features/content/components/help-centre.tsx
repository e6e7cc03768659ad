// The help centre for /user/index?key=helper: the category tree with each category's articles, linking
// into the article section.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { articleTreeQuery } from '../api/content-api';
import { useContentLang } from '../hooks/use-content-lang';
import { childrenOf, treeHasFallback } from '../lib/article-children';
import { ArticleList } from './article-list';
import { ArticleNodeLink } from './article-node-link';
import { FallbackNote } from './fallback-note';
import '../content.css';

export function HelpCentre() {
  const { t } = useTranslation('content');
  const lang = useContentLang();
  const tree = useQuery(articleTreeQuery(lang));
  if (tree.isPending) return <Skeleton active />;
  const nodes = tree.data?.records ?? [];
  return (
    <div className="content-embedded" data-testid="help-centre">
      <FallbackNote show={treeHasFallback(nodes)} />
      {childrenOf(nodes, '0').map((cat) => (
        <section key={cat.id} className="help-centre__category">
          <h3 className="content-subtitle">
            <ArticleNodeLink node={cat}>{cat.name}</ArticleNodeLink>
          </h3>
          <ArticleList sectionCode={cat.section_code} showEmpty={false} />
          {childrenOf(nodes, cat.id).map((s) => (
            <div key={s.id} className="help-centre__section">
              <ArticleNodeLink node={s}>{s.name}</ArticleNodeLink>
              <ArticleList sectionCode={s.section_code} showEmpty={false} />
            </div>
          ))}
        </section>
      ))}
      <Link to="/article/main/index">
        <Button>{t('openHelpCenter')}</Button>
      </Link>
    </div>
  );
}
