// /news/index search parameters: the tab (news or notices), an opened item, and the page of the list.
export interface NewsSearch {
  tab?: 'news' | 'notices';
  id?: string;
  page?: number;
}

export function validateNewsSearch(search: Record<string, unknown>): NewsSearch {
  const out: NewsSearch = {};
  if (search.tab === 'news' || search.tab === 'notices') out.tab = search.tab;
  const id = typeof search.id === 'number' ? String(search.id) : search.id;
  if (typeof id === 'string' && /^[1-9]\d{0,18}$/.test(id)) out.id = id;
  const page = Number(search.page);
  if (Number.isInteger(page) && page > 1 && page <= 10_000) out.page = page;
  return out;
}
