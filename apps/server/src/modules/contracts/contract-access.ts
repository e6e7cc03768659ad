// Who may trade contracts and who sees the risk notice first (docs/contracts.md "Risk notice and
// countries"): a per-deployment switch for the notice, the countries where the notice is required (none
// listed: everywhere) and the countries where contracts are not offered. The user's country is the
// identity area's certified country (ISO 3166); unknown until the user is certified. Pure.

export interface ContractAccessConfig {
  /** CONTRACTS_RISK_NOTICE: the notice at all. */
  notice: boolean;
  /** CONTRACTS_RISK_NOTICE_COUNTRIES: only there (empty: everywhere). A user of unknown country sees it. */
  noticeCountries: readonly string[];
  /** CONTRACTS_BLOCKED_COUNTRIES: contracts are not offered there (orders refused). */
  blockedCountries: readonly string[];
}

export interface ContractAccess {
  /** Contracts may be traded by this caller (false: `reason` says why). */
  available: boolean;
  reason: 'country' | null;
  /** Show the risk notice before the first contract order. */
  riskNotice: boolean;
  /** The country the decision used (null: unknown or a guest). */
  country: string | null;
}

export function contractAccess(config: ContractAccessConfig, country: string | null): ContractAccess {
  const c = country === null || country.trim() === '' ? null : country.trim().toUpperCase();
  if (c !== null && config.blockedCountries.includes(c))
    return { available: false, reason: 'country', riskNotice: false, country: c };
  const riskNotice =
    config.notice &&
    (config.noticeCountries.length === 0 || c === null || config.noticeCountries.includes(c));
  return { available: true, reason: null, riskNotice, country: c };
}
