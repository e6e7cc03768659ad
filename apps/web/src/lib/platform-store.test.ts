import { beforeEach, describe, expect, it, vi } from 'vitest';

const apiPost = vi.fn();
vi.mock('@/lib/api-client', () => ({ apiPost: (...args: unknown[]) => apiPost(...args) }));

const {
  readCode,
  readCoinLists,
  readDecimalText,
  readOptionalText,
  readPlatformConfig,
  readPlatformSettings,
  readText,
  selectBrandName,
  usePlatformStore,
} = await import('./platform-store');

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

describe('reading the platform replies', () => {
  it('reads each kind of field, with its fallback for a mistyped value', () => {
    expect([readText('a'), readText(1), readText(null), readText(undefined)]).toEqual(['a', '', '', '']);
    expect([
      readOptionalText('a'),
      readOptionalText(null),
      readOptionalText(undefined),
      readOptionalText(1),
    ]).toEqual(['a', null, undefined, null]);
    expect([
      readDecimalText('1.50'),
      readDecimalText(7.2),
      readDecimalText(0),
      readDecimalText(null),
    ]).toEqual(['1.50', '7.2', '0', null]);
    expect([
      readDecimalText(Number.NaN),
      readDecimalText(Number.POSITIVE_INFINITY),
      readDecimalText(true),
    ]).toEqual([null, null, null]);
    expect(readDecimalText(undefined)).toBeUndefined();
    expect([readCode(2), readCode('2'), readCode(null), readCode(false), readCode(Number.NaN)]).toEqual([
      2,
      '2',
      null,
      null,
      null,
    ]);
  });

  it('fails a part only when the reply is not an object', () => {
    for (const reply of [null, undefined, 'x', 3, [], [{}]]) {
      expect(readPlatformConfig(reply)).toBeNull();
      expect(readPlatformSettings(reply)).toBeNull();
      expect(readCoinLists(reply)).toBeNull();
    }
    expect(readPlatformConfig({})).toEqual({ brandName: '', logo: '', imageUrls: {}, features: {} });
  });

  it('keeps a map only when every value has the right type', () => {
    expect(readPlatformConfig({ imageUrls: { a: '/a.png' }, features: { otc: true } })).toMatchObject({
      imageUrls: { a: '/a.png' },
      features: { otc: true },
    });
    expect(readPlatformConfig({ imageUrls: { a: '/a.png', b: 2 }, features: { otc: 'yes' } })).toMatchObject({
      imageUrls: {},
      features: {},
    });
    expect(readPlatformConfig({ imageUrls: ['/a.png'] })?.imageUrls).toEqual({});
  });

  it('keeps a list only when every item is an object', () => {
    const coins = readCoinLists({
      coinList: [coin, { coin: 'eth', amount: 3, priceDecimals: 2 }, { coin: 'x', priceDecimals: 1.5 }],
      currencyList: [coin, 'x'],
    });
    expect(coins?.coinList.map((c) => [c.coin, c.amount, c.priceDecimals])).toEqual([
      ['btc', null, null],
      ['eth', '3', 2],
      ['x', undefined, null],
    ]);
    expect(coins?.currencyList).toEqual([]);
    expect(coins?.contractList).toEqual([]);
    const settings = readPlatformSettings({
      languages: [{ dictValue: 'en', remark: 1 }],
      appDownload: { ios: 5 },
    });
    expect(settings?.languages).toEqual([{ dictValue: 'en', remark: '', imgUrl: '' }]);
    expect(settings?.appDownload).toMatchObject({ ios: null });
  });
});
