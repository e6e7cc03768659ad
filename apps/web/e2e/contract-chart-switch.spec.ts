// The contract chart's index-price fallback ends by itself (docs/contracts.md "Pages"): on a market
// without contract trades the chart shows the index price ("No contract trades yet"); when the first
// trade happens, the open page turns to last price without a reload.
//
// Test ids: ctr-page (data-symbol), ctr-chart-legend (data-series).
import { expect, test } from '@playwright/test';
import { registerAndLogin, uniqueAccount } from './support/accounts';
import { API, auth, fundContract } from './support/session';

test('the chart leaves the index fallback when the market trades for the first time', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  // A U-based market no other test trades (not BTC, not ETH) that has no contract trades yet.
  const listed = (await (await request.get(`${API}/open/contract/markets?type=usdt`)).json()) as {
    data: { markets: { symbol: string; minQty: string; qtyDecimals: number }[] };
  };
  let symbol = '';
  let quantity = '';
  for (const m of listed.data.markets) {
    if (m.symbol === 'btcusdt' || m.symbol === 'ethusdt') continue;
    const k = (await (
      await request.get(`${API}/open/contract/kline/${m.symbol}/1m?limit=5&price=last`)
    ).json()) as {
      data: { bars?: unknown[] };
    };
    if ((k.data.bars ?? []).length === 0) {
      symbol = m.symbol;
      // Ten times the smallest quantity (a few dollars of margin at 10x on these markets).
      quantity = (Number(m.minQty) * 10).toFixed(m.qtyDecimals);
      break;
    }
  }
  expect(symbol, 'a contract market without trades').not.toBe('');

  await page.goto(`/trade/index?type=usta&symbol=${symbol.replace(/usdt$/, '')}`);
  await expect(page.getByTestId('ctr-page')).toHaveAttribute('data-symbol', symbol);
  const legend = page.getByTestId('ctr-chart-legend');
  await expect(legend).toHaveAttribute('data-series', 'index', { timeout: 20_000 });
  await expect(legend).toContainText('No contract trades yet');

  // The market's first trade: a market long into the demo maker's asks.
  const token = await registerAndLogin(request, uniqueAccount('ctrc'));
  await fundContract(request, token, '2000');
  await expect
    .poll(
      async () => {
        const res = await request.post('/api/contract/order/submit', {
          headers: { ...auth(token), 'Idempotency-Key': `ctr-chart-o-${Date.now()}-${Math.random()}` },
          data: { symbol, direction: 1, type: 'market', quantity, leverage: 10 },
        });
        return (await res.json()).code;
      },
      { timeout: 60_000, intervals: [2000] },
    )
    .toBe(200);

  // The page turns to last price on its own.
  await expect(legend).toHaveAttribute('data-series', 'last', { timeout: 20_000 });
  await expect(legend).not.toContainText('No contract trades yet');
});
