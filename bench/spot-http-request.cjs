// autocannon `setupRequest` for bench/spot-http.ts, loaded by require() in autocannon's worker thread (a
// worker cannot receive a function). Every request gets its own body: users in turn, buys and sells
// alternating, limit prices stepping around the mid so about a third of the orders cross. The parameters
// come from the environment the worker inherits (BENCH_SPOT_HTTP, JSON: tokens, symbol, mid and tick as
// integers of 10^-priceDecimals, quantity).
const params = JSON.parse(process.env.BENCH_SPOT_HTTP ?? '{}');
let n = 0;

function price(units) {
  const d = params.priceDecimals;
  if (d === 0) return String(units);
  const s = String(units).padStart(d + 1, '0');
  const frac = s.slice(-d).replace(/0+$/, '');
  return frac === '' ? s.slice(0, -d) : `${s.slice(0, -d)}.${frac}`;
}

module.exports = function setupRequest(req) {
  const i = n++;
  const token = params.tokens[i % params.tokens.length];
  const buy = (i & 1) === 0;
  // Offsets -4..+6 ticks: buys above the mid and sells below it cross what rests on the other side.
  const offset = ((i >> 1) % 11) - 4;
  const units = params.mid + (buy ? offset : -offset) * params.tick;
  return {
    ...req,
    method: 'POST',
    headers: { ...req.headers, 'content-type': 'application/json', satoken: token },
    body: JSON.stringify({
      symbol: params.symbol,
      side: buy ? 'buy' : 'sell',
      type: 'limit',
      price: price(units),
      quantity: params.quantity,
    }),
  };
};
