// The tier rules as the operator states them (GET {api}/open/tiers): each tier's 30-day volume and balance
// minimums in USDT, and from which tier a user is VIP. The same table on the home page and the user centre.
import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '@/lib/use-number-format';
import type { TierRule, TierRules } from '../lib/identity-types';

export function TierRulesTable({ rules, current }: { rules: TierRules; current?: TierRule['tier'] }) {
  const { t } = useTranslation('identity');
  const fmt = useNumberFormat();
  const vipAt = rules.rules.findIndex((r) => r.tier === rules.vipFrom);
  return (
    <Table<TierRule>
      size="small"
      rowKey="tier"
      pagination={false}
      dataSource={rules.rules}
      data-testid="tier-rules"
      scroll={{ x: 'max-content' }}
      rowClassName={(r) => (r.tier === current ? 'identity-row--current' : '')}
      columns={[
        {
          title: t('tiers.tier'),
          dataIndex: 'tier',
          render: (tier: TierRule['tier'], _r, i) => (
            <span data-testid={`tier-rule-${tier}`}>
              {t(`tiers.names.${tier}`)} {i >= vipAt ? <Tag color="gold">VIP</Tag> : null}
              {tier === current ? <Tag color="blue">{t('tiers.yours')}</Tag> : null}
            </span>
          ),
        },
        {
          title: t('tiers.minVolume'),
          dataIndex: 'minVolume30d',
          align: 'right',
          render: (v: string) => `${fmt.number(v, 2)} USDT`,
        },
        {
          title: t('tiers.minBalance'),
          dataIndex: 'minBalance',
          align: 'right',
          render: (v: string) => `${fmt.number(v, 2)} USDT`,
        },
      ]}
    />
  );
}
