// The help and article area chunk: index, categories (pid '0'), sections and article content, from the
// content feature.
import { getRouteApi } from '@tanstack/react-router';
import { AntdScope } from '@/components/antd-scope';
import {
  ArticleCategoryPage as CategoryPage,
  ArticleContentPage as ContentPage,
  ArticleIndexPage as IndexPage,
  ArticleSectionPage as SectionPage,
} from '@/features/content/pages/article-pages';

const categoryRoute = getRouteApi('/article/main/categories/$id');
const sectionRoute = getRouteApi('/article/main/sections/$id');
const contentRoute = getRouteApi('/article/main/content/$articleType/$id');

export function ArticleIndexPage() {
  return (
    <AntdScope>
      <IndexPage />
    </AntdScope>
  );
}

export function ArticleCategoryPage() {
  const { id } = categoryRoute.useParams();
  return (
    <AntdScope>
      <CategoryPage id={id} />
    </AntdScope>
  );
}

export function ArticleSectionPage() {
  const { id } = sectionRoute.useParams();
  return (
    <AntdScope>
      <SectionPage id={id} />
    </AntdScope>
  );
}

export function ArticleContentPage() {
  const { articleType, id } = contentRoute.useParams();
  return (
    <AntdScope>
      <ContentPage articleType={articleType} id={id} />
    </AntdScope>
  );
}
