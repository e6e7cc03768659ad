// One client process of the fan-out benchmark (bench/fanout.ts forks several). Opens `count` public
// websockets, each subscribing DEPTH and TRADE of one symbol, and measures delivered messages,
// publish-to-receive latency (publish timestamp in the frame, same machine clock) and sequence gaps
// (DEPTH: U == previous u + 1; TRADE: consecutive ids per symbol).
// Runs under `node --import tsx`; talks to the parent over IPC.
import { WebSocket } from 'ws';

interface Start {
  url: string;
  count: number;
  /** Index of this process's first connection, so symbols spread evenly over all connections. */
  offset: number;
  symbols: string[];
}

const HISTOGRAM_MS = 2000;

const stats = {
  messages: 0,
  depth: 0,
  trades: 0,
  gaps: 0,
  closed: 0,
  slowDropped: 0,
  latency: new Uint32Array(HISTOGRAM_MS + 1),
};

function resetStats(): void {
  stats.messages = 0;
  stats.depth = 0;
  stats.trades = 0;
  stats.gaps = 0;
  stats.latency.fill(0);
}

/** Reads the integer after `key` in `text` from `from` without JSON.parse (cheap on big depth frames). */
function intAfter(text: string, key: string, from = 0): number {
  const at = text.indexOf(key, from);
  if (at < 0) return Number.NaN;
  let i = at + key.length;
  let value = 0;
  for (; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) break;
    value = value * 10 + (c - 48);
  }
  return value;
}

function connect(url: string, symbol: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    let lastU = -1;
    let lastTrade = -1;
    socket.on('open', () => {
      socket.send(JSON.stringify({ operation: 'subscribe', type: 'DEPTH', symbol }));
      socket.send(JSON.stringify({ operation: 'subscribe', type: 'TRADE', symbol }));
      resolve();
    });
    socket.on('error', reject);
    socket.on('close', (code) => {
      stats.closed += 1;
      if (code === 4008) stats.slowDropped += 1;
    });
    socket.on('message', (data) => {
      const text = String(data);
      const now = Date.now();
      let sent: number;
      if (text.startsWith('{"type":"DEPTH"')) {
        const U = intAfter(text, '"U":');
        const u = intAfter(text, '"u":');
        sent = intAfter(text, '"E":');
        if (lastU >= 0 && U !== lastU + 1) stats.gaps += 1;
        lastU = u;
        stats.depth += 1;
      } else if (text.startsWith('{"type":"TRADE"')) {
        const id = intAfter(text, '"id":"');
        sent = intAfter(text, '"time":');
        if (lastTrade >= 0 && id !== lastTrade + 1) stats.gaps += 1;
        lastTrade = id;
        stats.trades += 1;
      } else {
        return;
      }
      stats.messages += 1;
      const latency = Math.max(0, Math.min(HISTOGRAM_MS, now - sent));
      stats.latency[latency] = (stats.latency[latency] ?? 0) + 1;
    });
  });
}

async function start({ url, count, offset, symbols }: Start): Promise<void> {
  const batch = 100;
  for (let i = 0; i < count; i += batch) {
    const opening: Promise<void>[] = [];
    for (let j = i; j < Math.min(count, i + batch); j += 1) {
      const symbol = symbols[(offset + j) % symbols.length] ?? 'BTCUSDT';
      opening.push(connect(`${url}/ws/bench-${offset + j}`, symbol));
    }
    await Promise.all(opening);
  }
  process.send?.({ kind: 'ready' });
}

process.on('message', (message: { kind: string } & Partial<Start>) => {
  if (message.kind === 'start') {
    start(message as Start).catch((err: unknown) => {
      process.send?.({ kind: 'error', error: String(err) });
    });
  } else if (message.kind === 'measure') {
    resetStats();
  } else if (message.kind === 'report') {
    process.send?.({
      kind: 'report',
      messages: stats.messages,
      depth: stats.depth,
      trades: stats.trades,
      gaps: stats.gaps,
      closed: stats.closed,
      slowDropped: stats.slowDropped,
      latency: Array.from(stats.latency),
    });
  } else if (message.kind === 'exit') {
    process.exit(0);
  }
});
