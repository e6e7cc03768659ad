// A link to one page of the wallet area (nav-items.ts WALLET_NAV), for the top bar's Assets menu and the
// area's tabs: the item's route with its search, typed.
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { WalletNavItem } from './nav-items';

export function WalletNavLink({
  item,
  className,
  testId,
  current,
  children,
}: {
  item: WalletNavItem;
  className: string;
  testId?: string;
  current?: boolean;
  children: ReactNode;
}) {
  const common = {
    className,
    'data-testid': testId,
    'aria-current': current ? ('page' as const) : undefined,
  };
  if ('search' in item) {
    return (
      <Link to="/assets/index" search={item.search} {...common}>
        {children}
      </Link>
    );
  }
  return (
    <Link to={item.to} {...common}>
      {children}
    </Link>
  );
}
