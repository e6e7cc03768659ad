// /news/index (spec section 2): the news centre with news and notices, and the detail of one item.
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Button, Empty, List, Result, Skeleton, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { RichHtml } from '@/components/rich-html';
import { useFormatTime } from '@/lib/format-time';
import { contentDetailQuery, NEWS_PAGE_SIZE, newsQuery, noticesQuery } from '../api/content-api';
import { FallbackNote } from '../components/fallback-note';
import { useContentLang } from '../hooks/use-content-lang';
import type { NewsSearch } from '../lib/news-search';
import '../content.css';

function Detail({ form, id }: { form: 'news' | 'notice'; id: string }) {
  const { t } = useTranslation('content');
  const lang = useContentLang();
  const formatTime = useFormatTime();
  const detail = useQuery(contentDetailQuery(lang, form, id));
  const back = (
    <Link to="/news/index" search={{ tab: form === 'news' ? 'news' : 'notices' }} data-testid="news-back">
      {t('back')}
    </Link>
  );
  if (detail.isPending) return <Skeleton active />;
  if (detail.isError)
    return <Result status="404" title={t('notFound')} extra={back} data-testid="content-not-found" />;
  return (
    <article data-testid="news-detail">
      {back}
      <h1 className="content-title" data-testid="news-detail-title">
        {detail.data.title}
      </h1>
      {detail.data.publish_time ? (
        <p className="content-meta">{formatTime(detail.data.publish_time)}</p>
      ) : null}
      <FallbackNote show={detail.data.fallback} />
      <RichHtml html={detail.data.html} />
    </article>
  );
}

function NewsList({ page }: { page: number }) {
  const { t } = useTranslation('content');
  const lang = useContentLang();
  const formatTime = useFormatTime();
  const navigate = useNavigate();
  const list = useQuery(newsQuery(lang, page));
  if (list.isPending) return <Skeleton active />;
  const records = list.data?.records ?? [];
  if (records.length === 0) return <Empty description={t('noNews')} />;
  return (
    <List
      itemLayout="vertical"
      dataSource={records}
      data-testid="news-list"
      pagination={
        (list.data?.total ?? 0) > NEWS_PAGE_SIZE
          ? {
              current: page,
              pageSize: NEWS_PAGE_SIZE,
              total: list.data?.total ?? 0,
              onChange: (p) => void navigate({ to: '/news/index', search: { tab: 'news', page: p } }),
            }
          : false
      }
      renderItem={(item) => (
        <List.Item key={item.id} data-testid={`news-item-${item.id}`}>
          <List.Item.Meta
            title={
              <Link
                to="/news/index"
                search={{ tab: 'news', id: item.id }}
                data-testid={`news-link-${item.id}`}
              >
                {item.title}
              </Link>
            }
            description={item.publish_time ? formatTime(item.publish_time) : null}
          />
          {item.summary}
          {item.fallback ? <span className="content-fallback-tag"> · {t('fallbackShort')}</span> : null}
        </List.Item>
      )}
    />
  );
}

export function NoticeList({ page = 1 }: { page?: number }) {
  const { t } = useTranslation('content');
  const lang = useContentLang();
  const formatTime = useFormatTime();
  const list = useQuery(noticesQuery(lang, page, 20));
  if (list.isPending) return <Skeleton active />;
  const records = list.data?.records ?? [];
  if (records.length === 0) return <Empty description={t('noNotices')} />;
  return (
    <List
      dataSource={records}
      data-testid="notice-list"
      renderItem={(item) => (
        <List.Item key={item.id} data-testid={`notice-item-${item.id}`}>
          <List.Item.Meta
            title={
              <Link to="/news/index" search={{ tab: 'notices', id: item.id }}>
                {item.title}
              </Link>
            }
            description={item.publish_time ? formatTime(item.publish_time) : null}
          />
          <RichHtml html={item.html} testId={`notice-html-${item.id}`} />
        </List.Item>
      )}
    />
  );
}

export function NewsPage({ search }: { search: NewsSearch }) {
  const { t } = useTranslation('content');
  const navigate = useNavigate();
  const tab = search.tab ?? 'news';
  return (
    <div className="app-container content-page" data-testid="news-page">
      <h1 className="content-title">{t('newsCenter')}</h1>
      {search.id ? (
        <Detail form={tab === 'notices' ? 'notice' : 'news'} id={search.id} />
      ) : (
        <Tabs
          activeKey={tab}
          onChange={(key) =>
            void navigate({ to: '/news/index', search: { tab: key === 'notices' ? 'notices' : 'news' } })
          }
          items={[
            {
              key: 'news',
              label: <span data-testid="news-tab-news">{t('news')}</span>,
              children: <NewsList page={search.page ?? 1} />,
            },
            {
              key: 'notices',
              label: <span data-testid="news-tab-notices">{t('notices')}</span>,
              children: <NoticeList />,
            },
          ]}
        />
      )}
      {search.id ? null : (
        <p className="content-more">
          <Link to="/article/main/index">
            <Button type="link">{t('helpCenter')}</Button>
          </Link>
        </p>
      )}
    </div>
  );
}
