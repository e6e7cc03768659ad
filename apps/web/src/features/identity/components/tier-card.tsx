// The caller's tier and grade (GET {api}/member/grade), computed from the operator's rules and the
// caller's own figures, which are shown: 30-day spot volume and balance in USDT, what the next tier
// needs, and the credit score, which is informational and never blocks a withdrawal.
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Flex, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormatTime } from '@/lib/format-time';
import { useNumberFormat } from '@/lib/use-number-format';
import { gradeQuery } from '../api/referral-api';
import { TierRulesTable } from './tier-rules-table';

export function TierCard() {
  const { t } = useTranslation('identity');
  const fmt = useNumberFormat();
  const format = useFormatTime();
  const grade = useQuery(gradeQuery());
  const usdt = (v: string) => `${fmt.number(v, 2, 2)} USDT`;
  return (
    <Card size="small" title={t('tiers.title')} data-testid="tier-card">
      {grade.isLoading || !grade.data ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={12}>
          <Flex gap={8} align="center" wrap>
            <Tag color="blue" data-testid="tier-current" data-tier={grade.data.tier}>
              {t(`tiers.names.${grade.data.tier}`)}
            </Tag>
            {grade.data.isVip ? (
              <Tag color="gold" data-testid="tier-vip">
                {t('tiers.vip')}
              </Tag>
            ) : (
              <Tag data-testid="tier-normal">{t('tiers.normal')}</Tag>
            )}
          </Flex>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            items={[
              { key: 'vol', label: t('tiers.volume30d'), children: usdt(grade.data.volume30d) },
              { key: 'bal', label: t('tiers.balance'), children: usdt(grade.data.balance) },
              {
                key: 'next',
                label: t('tiers.next'),
                children: grade.data.next
                  ? t('tiers.nextNeeds', {
                      tier: t(`tiers.names.${grade.data.next.tier}`),
                      volume: usdt(grade.data.next.minVolume30d),
                      balance: usdt(grade.data.next.minBalance),
                    })
                  : t('tiers.top'),
              },
              { key: 'at', label: t('tiers.computedAt'), children: format(grade.data.computedAt) },
              {
                key: 'credit',
                label: t('tiers.creditScore'),
                children: (
                  <span>
                    {grade.data.creditScore}{' '}
                    <Typography.Text type="secondary">{t('tiers.creditNote')}</Typography.Text>
                  </span>
                ),
              },
            ]}
          />
          <Typography.Text type="secondary">{t('tiers.rulesNote')}</Typography.Text>
          <TierRulesTable rules={grade.data} current={grade.data.tier} />
        </Flex>
      )}
    </Card>
  );
}
