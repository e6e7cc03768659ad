// /account/center/contractAgents/agentManagement: the agent's team and volumes (shown to everyone).
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AgentPanel } from '../components/agent-panel';
import { SignedInOnly } from '../components/signed-in-only';
import '../identity.css';

export function AgentManagementPage() {
  const { t } = useTranslation('identity');
  return (
    <div className="identity-page" data-testid="agent-management-page">
      <Typography.Title level={3} data-testid="page-title">
        {t('pages.agents')}
      </Typography.Title>
      <SignedInOnly>
        <AgentPanel />
      </SignedInOnly>
    </div>
  );
}
