// /user/index?key=all: the signed-in user's account as the server reports it (contacts arrive masked),
// with shortcuts to the two security settings that work today.
import { Button, Descriptions, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormatTime } from '@/lib/format-time';
import type { UserInfo } from '@/lib/session-store';
import type { UserCenterKey } from '../user-center-keys';

export function AccountOverview({ user, onOpen }: { user: UserInfo; onOpen(key: UserCenterKey): void }) {
  const { t } = useTranslation('user');
  const format = useFormatTime();
  const notSet = <Tag>{t('overview.notSet')}</Tag>;
  return (
    <Flex vertical gap={24}>
      <Descriptions
        column={{ xs: 1, sm: 1, md: 2 }}
        bordered
        size="small"
        data-testid="account-overview"
        items={[
          {
            key: 'account',
            label: t('overview.account'),
            children: <span data-testid="overview-account">{user.account}</span>,
          },
          { key: 'uid', label: t('overview.uid'), children: user.userId || user.id },
          { key: 'email', label: t('overview.email'), children: user.email || notSet },
          { key: 'phone', label: t('overview.phone'), children: user.phone || notSet },
          {
            key: 'grade',
            label: t('overview.grade'),
            children: user.isVip ? <Tag color="gold">{t('overview.vip')}</Tag> : t('overview.normal'),
          },
          {
            key: 'fund',
            label: t('overview.fundPassword'),
            children: user.hasFundPassword ? <Tag color="green">{t('overview.set')}</Tag> : notSet,
          },
          { key: 'invite', label: t('overview.inviteCode'), children: user.inviteCode || notSet },
          {
            key: 'created',
            label: t('overview.createdAt'),
            children: user.createdAt ? format(user.createdAt) : notSet,
          },
        ]}
      />
      <Flex gap={12} wrap>
        <Button onClick={() => onOpen('loginPwd')} data-testid="overview-open-loginPwd">
          {t('menu.loginPwd')}
        </Button>
        <Button onClick={() => onOpen('tardPwd')} data-testid="overview-open-tardPwd">
          {t('menu.tardPwd')}
        </Button>
      </Flex>
    </Flex>
  );
}
