import { describe, expect, it, vi } from 'vitest';

vi.mock('@/lib/api-client', () => ({
  ApiError: class ApiError extends Error {},
  apiPost: vi.fn(),
  apiPostEnvelope: vi.fn(),
}));

const { customerServiceUrlFrom, whitePaperUrlFrom } = await import('./shell-links');

describe('customerServiceUrlFrom', () => {
  it('takes the first item of the list', () => {
    expect(
      customerServiceUrlFrom({ data: [{ name: 'a', url: 'https://chat.example/1' }, { url: 'x' }] }),
    ).toBe('https://chat.example/1');
    expect(customerServiceUrlFrom([{ name: 'a', url: 'https://chat.example/2' }])).toBe(
      'https://chat.example/2',
    );
  });

  it('is null without a usable link', () => {
    expect(customerServiceUrlFrom({ data: [] })).toBeNull();
    expect(customerServiceUrlFrom(null)).toBeNull();
    expect(customerServiceUrlFrom({ data: [{ url: 'javascript:alert(1)' }] })).toBeNull();
  });
});

describe('whitePaperUrlFrom', () => {
  it('reads url at the top or under data', () => {
    expect(whitePaperUrlFrom({ code: 200, url: 'https://x.example/wp.pdf' })).toBe(
      'https://x.example/wp.pdf',
    );
    expect(whitePaperUrlFrom({ url: null, data: { url: 'https://y.example/wp' } })).toBe(
      'https://y.example/wp',
    );
    expect(whitePaperUrlFrom('https://z.example')).toBe('https://z.example');
  });

  it('is null when none is configured', () => {
    expect(whitePaperUrlFrom({ url: null })).toBeNull();
    expect(whitePaperUrlFrom(undefined)).toBeNull();
    expect(whitePaperUrlFrom({ data: { url: '' } })).toBeNull();
  });
});
