#!/usr/bin/env node
// A minimal API-key client (docs/api-keys.md): signs each request with HMAC-SHA256 over
// timestamp + METHOD + path (with its query string) + body, exactly as sent. Node 20+, no dependencies.
//
//   API_BASE=http://localhost:8080 API_KEY=<key> API_SECRET=<secret> node docs/examples/api-key-client.mjs
//
// It reads the spot balances, and with PLACE_ORDER=1 also places a small limit buy on BTC_USDT
// (PRICE and QUANTITY override the defaults) and cancels it again. Each reply is printed as one JSON line.
import { createHmac } from 'node:crypto';

/** Sends one signed request and returns the parsed reply envelope ({ code, msg, data, errorCode? }). */
export async function signedRequest({ base, apiKey, secret, method, path, body, recvWindow }) {
  const timestamp = String(Date.now());
  // Sign the exact bytes that are sent: serialize once and send that string.
  const text = body === undefined ? '' : JSON.stringify(body);
  const signature = createHmac('sha256', secret)
    .update(`${timestamp}${method.toUpperCase()}${path}${text}`, 'utf8')
    .digest('hex');
  const headers = {
    'X-API-KEY': apiKey,
    'X-API-TIMESTAMP': timestamp,
    'X-API-SIGNATURE': signature,
    Accept: 'application/json',
  };
  if (recvWindow !== undefined) headers['X-API-RECV-WINDOW'] = String(recvWindow);
  if (text !== '') headers['Content-Type'] = 'application/json';
  const res = await fetch(`${base}${path}`, { method, headers, body: text === '' ? undefined : text });
  return res.json();
}

async function main() {
  const base = process.env.API_BASE ?? 'http://localhost:8080';
  const apiKey = process.env.API_KEY;
  const secret = process.env.API_SECRET;
  if (!apiKey || !secret) {
    console.error('Set API_KEY and API_SECRET (and API_BASE if the server is not on localhost:8080).');
    process.exit(2);
  }
  const call = (method, path, body) => signedRequest({ base, apiKey, secret, method, path, body });

  const balances = await call('GET', '/api/mjkj-web/coin/assets/getMyBalance?type=1');
  console.log(JSON.stringify({ step: 'balances', reply: balances }));

  if (process.env.PLACE_ORDER === '1') {
    const order = await call('POST', '/api/currency/order/submit', {
      symbol: 'BTC_USDT',
      side: 'buy',
      type: 'limit',
      price: process.env.PRICE ?? '10000',
      quantity: process.env.QUANTITY ?? '0.001',
    });
    console.log(JSON.stringify({ step: 'order', reply: order }));
    if (order.code === 200) {
      const cancel = await call('POST', `/api/currency/order/cancelOrder?id=${order.data.id}`);
      console.log(JSON.stringify({ step: 'cancel', reply: cancel }));
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
