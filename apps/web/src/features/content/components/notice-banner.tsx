// The notices strip on the home page: the newest notices, each linking to its text in the news centre.
// Plain elements (the home page renders before antd loads).
import { SoundOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { noticesQuery } from '../api/content-api';
import { useContentLang } from '../hooks/use-content-lang';
import '../notice-banner.css';

export function NoticeBanner() {
  const { t } = useTranslation('content');
  const lang = useContentLang();
  const notices = useQuery(noticesQuery(lang, 1, 3));
  const records = notices.data?.records ?? [];
  if (records.length === 0) return null;
  return (
    <section className="notice-banner" aria-label={t('notices')} data-testid="notice-banner">
      <div className="app-container notice-banner__inner">
        <SoundOutlined className="notice-banner__icon" aria-hidden />
        <ul className="notice-banner__list">
          {records.map((n) => (
            <li key={n.id}>
              <Link
                to="/news/index"
                search={{ tab: 'notices', id: n.id }}
                data-testid={`notice-banner-${n.id}`}
              >
                {n.title}
              </Link>
            </li>
          ))}
        </ul>
        <Link
          to="/news/index"
          search={{ tab: 'notices' }}
          className="notice-banner__more"
          data-testid="notice-banner-more"
        >
          {t('more')}
        </Link>
      </div>
    </section>
  );
}
