// What request logs may show of a URL: the path and the query's keys, with the values of secret-looking
// keys replaced. Some spec calls carry passwords and codes in the query (backPwd, blade-user
// update-password); a log line must never hold them, even base64-encoded.
const SECRET_KEY = /pass|pwd|code|token|secret|key/i;

export function maskUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  let masked = false;
  for (const [name] of params) {
    if (SECRET_KEY.test(name)) {
      params.set(name, '***');
      masked = true;
    }
  }
  return masked ? `${url.slice(0, at)}?${params.toString()}` : url;
}
