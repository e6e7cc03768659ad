// The news area chunk: the content feature's news centre (news and notices).
import { getRouteApi } from '@tanstack/react-router';
import { AntdScope } from '@/components/antd-scope';
import { NewsPage } from '@/features/content/pages/news-page';

const newsRoute = getRouteApi('/news/index');

export function NewsIndexPage() {
  const search = newsRoute.useSearch();
  return (
    <AntdScope>
      <NewsPage search={search} />
    </AntdScope>
  );
}
