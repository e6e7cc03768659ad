// The help and article area chunk: index, categories (pid '0'), sections and article content.
import { getRouteApi } from '@tanstack/react-router';
import { AreaPage } from './area-page';

const categoryRoute = getRouteApi('/article/main/categories/$id');
const sectionRoute = getRouteApi('/article/main/sections/$id');
const contentRoute = getRouteApi('/article/main/content/$articleType/$id');

export function ArticleIndexPage() {
  return <AreaPage page="articleIndex" />;
}

export function ArticleCategoryPage() {
  const { id } = categoryRoute.useParams();
  return <AreaPage page="articleCategory" subtitle={`#${id}`} />;
}

export function ArticleSectionPage() {
  const { id } = sectionRoute.useParams();
  return <AreaPage page="articleSection" subtitle={`#${id}`} />;
}

export function ArticleContentPage() {
  const { articleType, id } = contentRoute.useParams();
  return <AreaPage page="articleContent" subtitle={`${articleType} · #${id}`} />;
}
