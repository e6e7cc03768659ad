// The published articles of one category or section, linked to their content page.

import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { sectionArticlesQuery } from '../api/content-api';
import { useContentLang } from '../hooks/use-content-lang';

export function ArticleList({ sectionCode, showEmpty = true }: { sectionCode: string; showEmpty?: boolean }) {
  const { t } = useTranslation('content');
  const lang = useContentLang();
  const list = useQuery(sectionArticlesQuery(lang, sectionCode));
  if (list.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  const records = list.data?.records ?? [];
  if (records.length === 0) return showEmpty ? <Empty description={t('noArticles')} /> : null;
  return (
    <ul className="article-list" data-testid={`article-list-${sectionCode}`}>
      {records.map((a) => (
        <li key={a.id}>
          <Link
            to="/article/main/content/$articleType/$id"
            params={{ articleType: 'article', id: a.id }}
            data-testid={`article-link-${a.code ?? a.id}`}
          >
            {a.title}
          </Link>
          {a.summary ? <p className="article-list__summary">{a.summary}</p> : null}
        </li>
      ))}
    </ul>
  );
}
