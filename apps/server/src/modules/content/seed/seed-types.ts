// The shape of one language's seed texts (seed/<lang>.ts). {{name}} placeholders are live facts
// (content-facts.ts), filled in when a reader opens the page.
export const SEED_CATEGORY_CODES = ['guides', 'getting_started', 'fees_and_rules', 'legal', 'risk'] as const;
export const SEED_ITEM_CODES = [
  'getting_started_guide',
  'fee_schedule',
  'security_fund_rule',
  'risk_disclosure',
  'terms_of_service',
  'privacy_policy',
  'risk_notice',
  'welcome',
] as const;

export interface SeedText {
  title: string;
  summary: string;
  markdown: string;
}

export interface SeedTexts {
  categories: Record<(typeof SEED_CATEGORY_CODES)[number], string>;
  items: Record<(typeof SEED_ITEM_CODES)[number], SeedText>;
}
