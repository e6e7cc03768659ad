import { describe, expect, it } from 'vitest';
import { isHttpUrl } from './url';

describe('isHttpUrl', () => {
  it.each([
    ['http://example.com', true],
    ['https://example.com', true],
    ['HTTPS://EXAMPLE.COM', true],
    ['Http://example.com/path?q=1#frag', true],
    ['https://example.com:8443/a/b', true],
    ['http://localhost', true],
    ['http://127.0.0.1:3000', true],
    ['https://[::1]/', true],
    ['https://例え.jp', true],
    ['http://user:pass@example.com', true],
    ['', false],
    ['example.com', false],
    ['www.example.com', false],
    ['//example.com', false],
    ['ftp://example.com', false],
    ['javascript:alert(1)', false],
    ['mailto:a@b.com', false],
    ['http:example.com', false],
    ['http:/example.com', false],
    ['http://', false],
    ['https://', false],
    ['httpx://example.com', false],
    ['http ://example.com', false],
    [' http://example.com', false],
    ['http://example.com ', false],
    ['http://exa mple.com', false],
    ['http://example.com/a b', false],
    ['http://example.com\n', false],
    ['http://[::1', false],
    ['http://a:99999', false],
  ])('%j -> %s', (s, expected) => {
    expect(isHttpUrl(s)).toBe(expected);
  });
});
