// Owns the route tree and redirect rules of spec section 2. Every screen is a lazily loaded component,
// one chunk per area (`./areas/<area>-area.tsx`); the main layout is the root route's component, so every
// route renders inside it. Redirects:
// - a path containing '/i&' -> /user/register?invite_code=<trailing part> (checked before matching);
// - any unmatched path -> /home/index;
// - / -> /home -> /home/index; /user -> /user/login; /rate, /quotes, /news, /trade, /rule, /exchange,
//   /merchant, /assets -> <area>/index; /market -> /market/main; /otc -> /otc/common;
//   /finance -> /finance/investment; /account -> /account/center;
//   /account/center -> info, /account/wallet -> assets, /account/entrust -> spot.
// /admin/... is the operator console: its own layout and session (the main layout renders only the
// outlet there; see docs/admin-console.md).
import {
  type AnyRoute,
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Navigate,
  redirect,
} from '@tanstack/react-router';
import { validateNewsSearch } from '@/features/content/lib/news-search';
import { validateEarnIdSearch, validateFinanceSearch } from './earn-search';
import { MainLayout } from './layout/main-layout';
import { withChunkTimeout } from './load-chunk';
import { RouteError } from './route-error';
import { RoutePending } from './route-pending';
import {
  inviteCodeFromPath,
  parseSearch,
  stringifySearch,
  validateAssetsIndexSearch,
  validateExchangeSearch,
  validateRegisterSearch,
  validateTradeSearch,
  validateUserIndexSearch,
} from './search-params';

const areas = {
  home: withChunkTimeout(() => import('./areas/home-area')),
  user: withChunkTimeout(() => import('./areas/user-area')),
  quotes: withChunkTimeout(() => import('./areas/quotes-area')),
  news: withChunkTimeout(() => import('./areas/news-area')),
  trade: withChunkTimeout(() => import('./areas/trade-area')),
  pledge: withChunkTimeout(() => import('./areas/pledge-area')),
  loan: withChunkTimeout(() => import('./areas/loan-area')),
  rule: withChunkTimeout(() => import('./areas/rule-area')),
  finance: withChunkTimeout(() => import('./areas/finance-area')),
  defis: withChunkTimeout(() => import('./areas/defis-area')),
  assets: withChunkTimeout(() => import('./areas/assets-area')),
  rate: withChunkTimeout(() => import('./areas/rate-area')),
  market: withChunkTimeout(() => import('./areas/market-area')),
  account: withChunkTimeout(() => import('./areas/account-area')),
  exchange: withChunkTimeout(() => import('./areas/exchange-area')),
  otc: withChunkTimeout(() => import('./areas/otc-area')),
  merchant: withChunkTimeout(() => import('./areas/merchant-area')),
  article: withChunkTimeout(() => import('./areas/article-area')),
  admin: withChunkTimeout(() => import('./areas/admin-area')),
} as const;

function RedirectHome() {
  return <Navigate to="/home/index" replace />;
}

export const rootRoute = createRootRoute({
  component: MainLayout,
  notFoundComponent: RedirectHome,
  beforeLoad: ({ location }) => {
    const inviteCode = inviteCodeFromPath(location.pathname);
    if (inviteCode === null) return;
    throw redirect({
      to: '/user/register',
      search: inviteCode ? { invite_code: inviteCode } : {},
      replace: true,
    });
  },
});

/** A path that only forwards to another one. */
function forward(path: string, getParentRoute: () => typeof rootRoute, to: string) {
  return createRoute({
    getParentRoute,
    path,
    beforeLoad: () => {
      throw redirect({ href: to, replace: true });
    },
  });
}

const root = () => rootRoute;

// Unmatched paths.
const splatRoute = forward('$', root, '/home/index');

// Home.
const rootIndexRoute = forward('/', root, '/home');
const homeRoute = forward('home', root, '/home/index');
const homeIndexRoute = createRoute({
  getParentRoute: root,
  path: 'home/index',
  component: lazyRouteComponent(areas.home, 'HomeRoutePage'),
});

// User: sign-in pages and user centre.
const userRoute = forward('user', root, '/user/login');
const userLoginRoute = createRoute({
  getParentRoute: root,
  path: 'user/login',
  component: lazyRouteComponent(areas.user, 'LoginRoutePage'),
});
const userRegisterRoute = createRoute({
  getParentRoute: root,
  path: 'user/register',
  validateSearch: validateRegisterSearch,
  component: lazyRouteComponent(areas.user, 'RegisterRoutePage'),
});
const userResetRoute = createRoute({
  getParentRoute: root,
  path: 'user/reset',
  component: lazyRouteComponent(areas.user, 'ResetRoutePage'),
});
const userIndexRoute = createRoute({
  getParentRoute: root,
  path: 'user/index',
  validateSearch: validateUserIndexSearch,
  component: lazyRouteComponent(areas.user, 'UserIndexRoutePage'),
});

// Areas with one index page.
const quotesRoute = forward('quotes', root, '/quotes/index');
const quotesIndexRoute = createRoute({
  getParentRoute: root,
  path: 'quotes/index',
  component: lazyRouteComponent(areas.quotes, 'QuotesIndexPage'),
});
const newsRoute = forward('news', root, '/news/index');
const newsIndexRoute = createRoute({
  getParentRoute: root,
  path: 'news/index',
  validateSearch: validateNewsSearch,
  component: lazyRouteComponent(areas.news, 'NewsIndexPage'),
});
const tradeRoute = forward('trade', root, '/trade/index');
const tradeIndexRoute = createRoute({
  getParentRoute: root,
  path: 'trade/index',
  validateSearch: validateTradeSearch,
  component: lazyRouteComponent(areas.trade, 'TradeIndexPage'),
});
const ruleRoute = forward('rule', root, '/rule/index');
const ruleIndexRoute = createRoute({
  getParentRoute: root,
  path: 'rule/index',
  component: lazyRouteComponent(areas.rule, 'RuleIndexPage'),
});
const rateRoute = forward('rate', root, '/rate/index');
const rateIndexRoute = createRoute({
  getParentRoute: root,
  path: 'rate/index',
  component: lazyRouteComponent(areas.rate, 'RateIndexPage'),
});
const assetsRoute = forward('assets', root, '/assets/index');
const assetsIndexRoute = createRoute({
  getParentRoute: root,
  path: 'assets/index',
  validateSearch: validateAssetsIndexSearch,
  component: lazyRouteComponent(areas.assets, 'AssetsIndexPage'),
});
const marketRoute = forward('market', root, '/market/main');
const marketMainRoute = createRoute({
  getParentRoute: root,
  path: 'market/main',
  component: lazyRouteComponent(areas.market, 'MarketMainPage'),
});

// Pledge, loan, finance, DeFi.
const pledgeIndexRoute = createRoute({
  getParentRoute: root,
  path: 'pledge/index',
  component: lazyRouteComponent(areas.pledge, 'PledgeIndexPage'),
});
const pledgeAddRoute = createRoute({
  getParentRoute: root,
  path: 'pledge/add',
  validateSearch: validateEarnIdSearch,
  component: lazyRouteComponent(areas.pledge, 'PledgeAddPage'),
});
const pledgeOrderRoute = createRoute({
  getParentRoute: root,
  path: 'pledge/order',
  component: lazyRouteComponent(areas.pledge, 'PledgeOrderPage'),
});
const loanIndexRoute = createRoute({
  getParentRoute: root,
  path: 'loan/index',
  component: lazyRouteComponent(areas.loan, 'LoanIndexPage'),
});
const loanOrderRoute = createRoute({
  getParentRoute: root,
  path: 'loan/order',
  component: lazyRouteComponent(areas.loan, 'LoanOrderPage'),
});
const financeRoute = forward('finance', root, '/finance/investment');
const financeInvestmentRoute = createRoute({
  getParentRoute: root,
  path: 'finance/investment',
  validateSearch: validateFinanceSearch,
  component: lazyRouteComponent(areas.finance, 'FinanceInvestmentPage'),
});
const financeDetailRoute = createRoute({
  getParentRoute: root,
  path: 'finance/detail',
  validateSearch: validateEarnIdSearch,
  component: lazyRouteComponent(areas.finance, 'FinanceDetailPage'),
});
const defisIndexRoute = createRoute({
  getParentRoute: root,
  path: 'defis/index',
  component: lazyRouteComponent(areas.defis, 'DefisIndexPage'),
});
const defisDetailsRoute = createRoute({
  getParentRoute: root,
  path: 'defis/details',
  validateSearch: validateEarnIdSearch,
  component: lazyRouteComponent(areas.defis, 'DefisDetailsPage'),
});

// Exchange.
const exchangeRoute = forward('exchange', root, '/exchange/index');
const exchangeIndexRoute = createRoute({
  getParentRoute: root,
  path: 'exchange/index',
  validateSearch: validateExchangeSearch,
  component: lazyRouteComponent(areas.exchange, 'ExchangeIndexPage'),
});
const exchangeFullScreenRoute = createRoute({
  getParentRoute: root,
  path: 'exchange/full-screen/$pair',
  component: lazyRouteComponent(areas.exchange, 'ExchangeFullScreenPage'),
});
const exchangeFullContractRoute = createRoute({
  getParentRoute: root,
  path: 'exchange/full-contract/$type',
  component: lazyRouteComponent(areas.exchange, 'ExchangeFullContractPage'),
});

// OTC and merchant.
const otcRoute = forward('otc', root, '/otc/common');
const otcCommonRoute = createRoute({
  getParentRoute: root,
  path: 'otc/common',
  component: lazyRouteComponent(areas.otc, 'OtcCommonPage'),
});
const otcOrderRoute = createRoute({
  getParentRoute: root,
  path: 'otc/order',
  component: lazyRouteComponent(areas.otc, 'OtcOrderPage'),
});
const otcOrdinaryRoute = createRoute({
  getParentRoute: root,
  path: 'otc/ordinary',
  component: lazyRouteComponent(areas.otc, 'OtcOrdinaryPage'),
});
const merchantRoute = forward('merchant', root, '/merchant/index');
const merchantIndexRoute = createRoute({
  getParentRoute: root,
  path: 'merchant/index',
  component: lazyRouteComponent(areas.merchant, 'MerchantIndexPage'),
});
const merchantDealRoute = createRoute({
  getParentRoute: root,
  path: 'merchant/deal',
  component: lazyRouteComponent(areas.merchant, 'MerchantDealPage'),
});

// Help and articles.
const articleIndexRoute = createRoute({
  getParentRoute: root,
  path: 'article/main/index',
  component: lazyRouteComponent(areas.article, 'ArticleIndexPage'),
});
const articleCategoryRoute = createRoute({
  getParentRoute: root,
  path: 'article/main/categories/$id',
  component: lazyRouteComponent(areas.article, 'ArticleCategoryPage'),
});
const articleSectionRoute = createRoute({
  getParentRoute: root,
  path: 'article/main/sections/$id',
  component: lazyRouteComponent(areas.article, 'ArticleSectionPage'),
});
const articleContentRoute = createRoute({
  getParentRoute: root,
  path: 'article/main/content/$articleType/$id',
  component: lazyRouteComponent(areas.article, 'ArticleContentPage'),
});

// Account: centre, wallet and orders, each a layout with its own menu and a default child.
const accountRoute = forward('account', root, '/account/center');
const accountCenterRoute = createRoute({
  getParentRoute: root,
  path: 'account/center',
  component: lazyRouteComponent(areas.account, 'AccountCenterLayout'),
});
const accountCenter = () => accountCenterRoute;
const accountSection = lazyRouteComponent(areas.account, 'AccountSectionPage');

/** A screen inside one of the account layouts (its path typed literally for typed links). */
function section<TParent extends AnyRoute, const TPath extends string>(
  getParentRoute: () => TParent,
  path: TPath,
) {
  return createRoute({ getParentRoute, path, component: accountSection });
}
const accountCenterChildren = [
  section(accountCenter, 'info'),
  section(accountCenter, 'security'),
  section(accountCenter, 'device-management'),
  section(accountCenter, 'kyc'),
  section(accountCenter, 'reward-center'),
  section(accountCenter, 'merchant'),
  section(accountCenter, 'contractAgents/agentManagement'),
  section(accountCenter, 'setting/phone'),
  section(accountCenter, 'setting/google'),
  section(accountCenter, 'setting/email'),
  section(accountCenter, 'setting/login-pwd'),
  section(accountCenter, 'setting/trade-pwd'),
  section(accountCenter, 'setting/anti-code'),
  section(accountCenter, 'api-keys'),
] as const;
const accountCenterIndexRoute = createRoute({
  getParentRoute: accountCenter,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/account/center/info', replace: true });
  },
});

const accountWalletRoute = createRoute({
  getParentRoute: root,
  path: 'account/wallet',
  component: lazyRouteComponent(areas.account, 'AccountWalletLayout'),
});
const accountWallet = () => accountWalletRoute;
const accountWalletChildren = [
  section(accountWallet, 'assets'),
  section(accountWallet, 'deposit'),
  section(accountWallet, 'withdrawal'),
  section(accountWallet, 'history-deposit'),
  section(accountWallet, 'history-withdrawal'),
  section(accountWallet, 'bills'),
] as const;
const accountWalletIndexRoute = createRoute({
  getParentRoute: accountWallet,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/account/wallet/assets', replace: true });
  },
});

const accountEntrustRoute = createRoute({
  getParentRoute: root,
  path: 'account/entrust',
  component: lazyRouteComponent(areas.account, 'AccountEntrustLayout'),
});
const accountEntrust = () => accountEntrustRoute;
const accountEntrustChildren = [
  section(accountEntrust, 'spot'),
  section(accountEntrust, 'margin-all'),
  section(accountEntrust, 'margin-fixed'),
  section(accountEntrust, 'future/u'),
  section(accountEntrust, 'future/coin'),
] as const;
const accountEntrustIndexRoute = createRoute({
  getParentRoute: accountEntrust,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/account/entrust/spot', replace: true });
  },
});

// Operator console: its own layout (the main layout renders only the outlet under /admin).
const adminRoute = createRoute({
  getParentRoute: root,
  path: 'admin',
  component: lazyRouteComponent(areas.admin, 'AdminLayoutPage'),
});
const admin = () => adminRoute;
const adminChildren = [
  createRoute({
    getParentRoute: admin,
    path: '/',
    component: lazyRouteComponent(areas.admin, 'AdminIndexPage'),
  }),
  createRoute({
    getParentRoute: admin,
    path: 'login',
    component: lazyRouteComponent(areas.admin, 'AdminLoginPage'),
  }),
  createRoute({
    getParentRoute: admin,
    path: 'password',
    component: lazyRouteComponent(areas.admin, 'AdminPasswordPage'),
  }),
  createRoute({
    getParentRoute: admin,
    path: 'recharges',
    component: lazyRouteComponent(areas.admin, 'AdminRechargesPage'),
  }),
  createRoute({
    getParentRoute: admin,
    path: 'withdrawals',
    component: lazyRouteComponent(areas.admin, 'AdminWithdrawalsPage'),
  }),
  createRoute({
    getParentRoute: admin,
    path: 'users',
    component: lazyRouteComponent(areas.admin, 'AdminUsersPage'),
  }),
  createRoute({
    getParentRoute: admin,
    path: 'adjustments',
    component: lazyRouteComponent(areas.admin, 'AdminAdjustmentsPage'),
  }),
  createRoute({
    getParentRoute: admin,
    path: 'operators',
    component: lazyRouteComponent(areas.admin, 'AdminOperatorsPage'),
  }),
  createRoute({
    getParentRoute: admin,
    path: 'audit',
    component: lazyRouteComponent(areas.admin, 'AdminAuditPage'),
  }),
  createRoute({
    getParentRoute: admin,
    path: 'liabilities',
    component: lazyRouteComponent(areas.admin, 'AdminLiabilitiesPage'),
  }),
  createRoute({
    getParentRoute: admin,
    path: 'markets',
    component: lazyRouteComponent(areas.admin, 'AdminMarketsPage'),
  }),
  createRoute({
    getParentRoute: admin,
    path: 'projection',
    component: lazyRouteComponent(areas.admin, 'AdminProjectionPage'),
  }),
  createRoute({
    getParentRoute: admin,
    path: 'seconds',
    component: lazyRouteComponent(areas.admin, 'AdminSecondsPage'),
  }),
  createRoute({
    getParentRoute: admin,
    path: 'otc',
    component: lazyRouteComponent(areas.admin, 'AdminOtcPage'),
  }),
  createRoute({
    getParentRoute: admin,
    path: 'margin',
    component: lazyRouteComponent(areas.admin, 'AdminMarginPage'),
  }),
  createRoute({
    getParentRoute: admin,
    path: 'contracts',
    component: lazyRouteComponent(areas.admin, 'AdminContractsPage'),
  }),
  createRoute({
    getParentRoute: admin,
    path: 'earn-pools',
    component: lazyRouteComponent(areas.admin, 'AdminEarnPoolsPage'),
  }),
  createRoute({
    getParentRoute: admin,
    path: 'earn-products',
    component: lazyRouteComponent(areas.admin, 'AdminEarnProductsPage'),
  }),
  createRoute({
    getParentRoute: admin,
    path: 'earn-loans',
    component: lazyRouteComponent(areas.admin, 'AdminEarnLoansPage'),
  }),
  createRoute({
    getParentRoute: admin,
    path: 'kyc',
    component: lazyRouteComponent(areas.admin, 'AdminKycPage'),
  }),
  createRoute({
    getParentRoute: admin,
    path: 'agents',
    component: lazyRouteComponent(areas.admin, 'AdminAgentsPage'),
  }),
  createRoute({
    getParentRoute: admin,
    path: 'solvency',
    component: lazyRouteComponent(areas.admin, 'AdminSolvencyPage'),
  }),
  createRoute({
    getParentRoute: admin,
    path: 'content',
    component: lazyRouteComponent(areas.admin, 'AdminContentPage'),
  }),
  createRoute({
    getParentRoute: admin,
    path: 'support',
    component: lazyRouteComponent(areas.admin, 'AdminSupportPage'),
  }),
] as const;

export const routeTree = rootRoute.addChildren([
  rootIndexRoute,
  homeRoute,
  homeIndexRoute,
  userRoute,
  userLoginRoute,
  userRegisterRoute,
  userResetRoute,
  userIndexRoute,
  quotesRoute,
  quotesIndexRoute,
  newsRoute,
  newsIndexRoute,
  tradeRoute,
  tradeIndexRoute,
  ruleRoute,
  ruleIndexRoute,
  rateRoute,
  rateIndexRoute,
  assetsRoute,
  assetsIndexRoute,
  marketRoute,
  marketMainRoute,
  pledgeIndexRoute,
  pledgeAddRoute,
  pledgeOrderRoute,
  loanIndexRoute,
  loanOrderRoute,
  financeRoute,
  financeInvestmentRoute,
  financeDetailRoute,
  defisIndexRoute,
  defisDetailsRoute,
  exchangeRoute,
  exchangeIndexRoute,
  exchangeFullScreenRoute,
  exchangeFullContractRoute,
  otcRoute,
  otcCommonRoute,
  otcOrderRoute,
  otcOrdinaryRoute,
  merchantRoute,
  merchantIndexRoute,
  merchantDealRoute,
  articleIndexRoute,
  articleCategoryRoute,
  articleSectionRoute,
  articleContentRoute,
  accountRoute,
  accountCenterRoute.addChildren([accountCenterIndexRoute, ...accountCenterChildren]),
  accountWalletRoute.addChildren([accountWalletIndexRoute, ...accountWalletChildren]),
  accountEntrustRoute.addChildren([accountEntrustIndexRoute, ...accountEntrustChildren]),
  adminRoute.addChildren([...adminChildren]),
  splatRoute,
]);

export const router = createRouter({
  routeTree,
  parseSearch,
  stringifySearch,
  defaultPreload: 'intent',
  defaultPendingMs: 300,
  defaultPendingComponent: RoutePending,
  defaultErrorComponent: RouteError,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
