// Query keys and paths of the identity feature.
export const API = '/api/mjkj-web/coin';

export const identityKeys = {
  all: ['identity'] as const,
  kyc: () => [...identityKeys.all, 'kyc'] as const,
  bank: () => [...identityKeys.all, 'bank'] as const,
  payments: () => [...identityKeys.all, 'payments'] as const,
  grade: () => [...identityKeys.all, 'grade'] as const,
  tiers: () => [...identityKeys.all, 'tiers'] as const,
  promotion: () => [...identityKeys.all, 'promotion'] as const,
  promotionList: (generation: number, current: number) =>
    [...identityKeys.all, 'promotion', generation, current] as const,
  agentInfo: () => [...identityKeys.all, 'agent'] as const,
  agentList: (generation: number | undefined, current: number) =>
    [...identityKeys.all, 'agent', generation ?? 0, current] as const,
};
