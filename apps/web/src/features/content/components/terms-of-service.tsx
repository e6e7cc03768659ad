// The terms of service (and, below them, a link to the privacy policy) for /user/index?key=termsService:
// the published help-centre articles with codes terms_of_service and privacy_policy.

import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { RichHtml } from '@/components/rich-html';
import { helpCenterQuery } from '../api/content-api';
import { useContentLang } from '../hooks/use-content-lang';
import { FallbackNote } from './fallback-note';
import '../content.css';

export function ContentArticle({ code, testId }: { code: string; testId: string }) {
  const { t } = useTranslation('content');
  const lang = useContentLang();
  const article = useQuery(helpCenterQuery(lang, code));
  if (article.isPending) return <Skeleton active />;
  if (article.isError) return <p data-testid={`${testId}-missing`}>{t('notFound')}</p>;
  return (
    <div data-testid={testId}>
      <h2 className="content-subtitle">{article.data.title}</h2>
      <FallbackNote show={article.data.fallback} />
      <RichHtml html={article.data.html} />
    </div>
  );
}

export function TermsOfService() {
  const { t } = useTranslation('content');
  const lang = useContentLang();
  const privacy = useQuery(helpCenterQuery(lang, 'privacy_policy'));
  return (
    <div className="content-embedded">
      <ContentArticle code="terms_of_service" testId="terms-of-service" />
      {privacy.data ? (
        <p className="content-more">
          <Link
            to="/article/main/content/$articleType/$id"
            params={{ articleType: 'article', id: privacy.data.id }}
          >
            {t('privacyPolicy')}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
