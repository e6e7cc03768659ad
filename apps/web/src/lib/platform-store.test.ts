import { beforeEach, describe, expect, it, vi } from 'vitest';

const apiPost = vi.fn();
vi.mock('@/lib/api-client', () => ({ apiPost: (...args: unknown[]) => apiPost(...args) }));

const { selectBrandName, usePlatformStore } = await import('./platform-store');

const coin = {
  coin: 'btc',
  baseCoin: 'usdt',
  symbol: 'btcusdt',
  showSymbol: 'BTC/USDT',
  customizeFlag: 2,
  market: 'btcusdt',
  coinType: 1,
  logo: null,
  amount: null,
  open: null,
  change: null,
};

describe('usePlatformStore', () => {
  beforeEach(() => {
    apiPost.mockReset();
    usePlatformStore.setState({ config: null, settings: null, coins: null, failed: [], loading: [] });
  });

  it('loads each part independently and records the ones that failed', async () => {
    apiPost.mockImplementation(async (url: string) => {
      if (url === '/api/common/getCoinList')
        return { coinList: [coin], currencyList: [coin], contractList: [] };
      throw new Error('down');
    });
    // No DOM here, so the config script cannot load either.
    await usePlatformStore.getState().loadPlatform();
    const state = usePlatformStore.getState();
    expect(state.coins?.currencyList[0]).toMatchObject({ coin: 'btc', logo: '', amount: null });
    expect(state.settings).toBeNull();
    expect([...state.failed].sort()).toEqual(['config', 'settings']);
    expect(state.loading).toEqual([]);
    // The start-up calls are silent: the shell shows one toast for all of them.
    expect(apiPost).toHaveBeenCalledWith('/api/common/getAllSetting', undefined, { silent: true });
  });

  it('tolerates missing or mistyped fields instead of failing the whole part', async () => {
    apiPost.mockResolvedValue({
      brandName: 'Acme',
      languages: 'nope',
      appDownload: null,
      currencies: [{ rate: 7.2 }],
    });
    await usePlatformStore.getState().reload('settings');
    const { settings, failed } = usePlatformStore.getState();
    expect(failed).toEqual([]);
    expect(settings).toMatchObject({
      brandName: 'Acme',
      languages: [],
      appDownload: { android: null, ios: null, page: null },
      currencies: [{ exchange_code: '', rate: '7.2' }],
    });
  });

  it('takes the brand from the platform config first, then the settings', () => {
    const config = { brandName: 'Config brand', logo: '', imageUrls: {}, features: {} };
    const settings = {
      brandName: 'Settings brand',
      defaultLang: 'en',
      languages: [],
      defaultCurrency: 'CNY',
      currencies: [],
      appDownload: { android: null, ios: null, page: null },
      ratesUpdatedAt: null,
    };
    expect(selectBrandName({ config, settings })).toBe('Config brand');
    expect(selectBrandName({ config: null, settings })).toBe('Settings brand');
    expect(selectBrandName({ config: { ...config, brandName: '' }, settings })).toBe('Settings brand');
    expect(selectBrandName({ config: null, settings: null })).toBe('');
  });
});
