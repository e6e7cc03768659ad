// /user/index?key= (spec section 2): the user centre. A menu of the spec's sections on the left (a
// horizontal strip on phones) and the selected section on the right. The overview, login password and
// funds password work today; the other sections arrive with their issues and say so plainly.
import { useNavigate } from '@tanstack/react-router';
import { Button, Card, Col, Grid, Menu, Result, Row, Skeleton, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '@/lib/session-store';
import { AccountOverview } from '../components/account-overview';
import { FundPasswordForm } from '../components/fund-password-form';
import { LoginPasswordForm } from '../components/login-password-form';
import { isUserCenterKey, USER_CENTER_KEYS, type UserCenterKey } from '../user-center-keys';

export interface UserIndexPageProps {
  /** The `key` search parameter; anything unknown shows the overview. */
  tabKey?: UserCenterKey | string;
  /** Sections other features provide (composed in app/, since features do not import each other). */
  sections?: Partial<Record<UserCenterKey, ReactNode>>;
  /** Shown under the overview (key 'all'): the identity feature's tier card. */
  overviewExtra?: ReactNode;
}

function Section({
  tabKey,
  onOpen,
  sections,
  overviewExtra,
}: {
  tabKey: UserCenterKey;
  onOpen(key: UserCenterKey): void;
  sections?: Partial<Record<UserCenterKey, ReactNode>>;
  overviewExtra?: ReactNode;
}) {
  const { t } = useTranslation('user');
  const user = useSessionStore((s) => s.userInfo);
  const provided = sections?.[tabKey];
  if (provided !== undefined) return provided;
  switch (tabKey) {
    case 'all':
      return user ? (
        <>
          <AccountOverview user={user} onOpen={onOpen} />
          {overviewExtra ? <div style={{ marginTop: 24 }}>{overviewExtra}</div> : null}
        </>
      ) : (
        <Skeleton active />
      );
    case 'loginPwd':
      return <LoginPasswordForm />;
    case 'tardPwd':
      return <FundPasswordForm />;
    default:
      return (
        <Result
          status="info"
          title={t('unavailable.title')}
          subTitle={t(`unavailable.${tabKey}`)}
          data-testid="user-section-unavailable"
        />
      );
  }
}

export function UserIndexPage({ tabKey, sections, overviewExtra }: UserIndexPageProps) {
  const { t } = useTranslation('user');
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const isLogin = useSessionStore((s) => s.isLogin);
  const active: UserCenterKey = isUserCenterKey(tabKey) ? tabKey : 'all';

  const open = (key: UserCenterKey) => {
    void navigate({ to: '/user/index', search: { key } });
  };

  if (!isLogin) {
    const back = `/user/index?key=${active}`;
    return (
      <Result
        status="403"
        title={t('guest.title')}
        subTitle={t('guest.description')}
        data-testid="user-center-guest"
        extra={
          <Button
            type="primary"
            onClick={() => void navigate({ href: `/user/login?redirect=${encodeURIComponent(back)}` })}
            data-testid="user-center-login"
          >
            {t('guest.login')}
          </Button>
        }
      />
    );
  }

  const wide = screens.md === true;
  const menuItems = USER_CENTER_KEYS.map((key) => ({
    key,
    label: <span data-testid={`user-menu-${key}`}>{t(`menu.${key}`)}</span>,
  }));
  return (
    <Row
      gutter={[16, 16]}
      style={{ padding: 'clamp(8px, 2vw, 24px)', maxWidth: 1200, margin: '0 auto' }}
      data-testid="user-center"
    >
      <Col xs={24} md={6}>
        {wide ? (
          <Card styles={{ body: { padding: 0 } }}>
            <Menu
              mode="inline"
              selectedKeys={[active]}
              onClick={({ key }) => {
                if (isUserCenterKey(key)) open(key);
              }}
              items={menuItems}
              style={{ borderInlineEnd: 'none' }}
            />
          </Card>
        ) : (
          // On phones a scrolling tab strip keeps the current section visible (a collapsed menu hides it).
          <Tabs
            activeKey={active}
            onChange={(key) => {
              if (isUserCenterKey(key)) open(key);
            }}
            items={menuItems}
            size="small"
            style={{ marginBottom: -16 }}
          />
        )}
      </Col>
      <Col xs={24} md={18}>
        <Card title={t(`menu.${active}`)} data-testid={`user-section-${active}`}>
          <Section tabKey={active} onOpen={open} sections={sections} overviewExtra={overviewExtra} />
        </Card>
      </Col>
    </Row>
  );
}
