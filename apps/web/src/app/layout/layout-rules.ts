// Owns the layout visibility rules of spec section 2: which paths hide the footer, the top operation bar
// and the account menu.

const FOOTERLESS_PREFIXES = ['/pledge/', '/finance/detail', '/trade', '/exchange/full-screen/'] as const;
const TOPBARLESS_PATHS = ['/user/login', '/user/register', '/user/reset'] as const;

function isUnder(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

/** Footer hidden on /user... (except /user/index), /pledge/, /finance/detail, /trade, /exchange/full-screen/. */
export function isFooterHidden(pathname: string): boolean {
  if (pathname.startsWith('/user') && !isUnder(pathname, '/user/index')) return true;
  return FOOTERLESS_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/** Top operation bar hidden on the login, register and reset pages. */
export function isTopBarHidden(pathname: string): boolean {
  return TOPBARLESS_PATHS.some((path) => isUnder(pathname, path));
}

/** The account menu is hidden on the security sub-pages (paths containing /setting/). */
export function isAccountMenuHidden(pathname: string): boolean {
  return pathname.includes('/setting/');
}

/** The operator console (/admin...) has its own layout: no user header, top bar or footer. */
export function isConsolePath(pathname: string): boolean {
  return isUnder(pathname, '/admin');
}
