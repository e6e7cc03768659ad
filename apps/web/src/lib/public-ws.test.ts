import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPrivateChannel } from './private-ws';
import { createPublicWs, RECONNECT_DELAY_MS, type WebSocketLike } from './public-ws';

class FakeSocket implements WebSocketLike {
  readyState = 0;
  sent: string[] = [];
  closed = false;
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;

  constructor(
    readonly url: string,
    readonly protocols: string[] = [],
  ) {}

  send(data: string) {
    if (this.readyState !== 1) throw new Error('not open');
    this.sent.push(data);
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  fail(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  messages() {
    return this.sent.map((s) => JSON.parse(s) as Record<string, unknown>);
  }
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup() {
  const sockets: FakeSocket[] = [];
  const ws = createPublicWs({
    url: () => `ws://test/ws/${sockets.length}`,
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
  });
  const last = () => {
    const s = sockets.at(-1);
    if (!s) throw new Error('no socket');
    return s;
  };
  return { ws, sockets, last };
}

describe('public ws', () => {
  it('opens one shared connection lazily and sends subscriptions made before open when it opens', () => {
    const { ws, sockets, last } = setup();
    expect(sockets).toHaveLength(0);
    ws.subscribe({ type: 'DEPTH', symbol: 'btc/usdt' }, () => {});
    ws.subscribe({ type: 'KLINE', symbol: 'BTCUSDT', interval: '1m' }, () => {});
    ws.subscribe({ type: 'ALL_DETAIL' }, () => {});
    expect(sockets).toHaveLength(1);
    expect(last().sent).toEqual([]);
    last().open();
    expect(last().messages()).toEqual([
      { operation: 'subscribe', type: 'DEPTH', symbol: 'BTCUSDT' },
      { operation: 'subscribe', type: 'KLINE', symbol: 'BTCUSDT', interval: '1m' },
      { operation: 'subscribe', type: 'ALL_DETAIL' },
    ]);
  });

  it('routes frames to the listeners of their stream only', () => {
    const { ws, last } = setup();
    const depth = vi.fn();
    const kline1m = vi.fn();
    const kline5m = vi.fn();
    ws.subscribe({ type: 'DEPTH', symbol: 'BTCUSDT' }, depth);
    ws.subscribe({ type: 'KLINE', symbol: 'BTCUSDT', interval: '1m' }, kline1m);
    ws.subscribe({ type: 'KLINE', symbol: 'BTCUSDT', interval: '5m' }, kline5m);
    last().open();
    const frame = { type: 'KLINE', symbol: 'BTCUSDT', interval: '1m', data: { close: '1' } };
    last().receive(frame);
    last().receive({ type: 'ACK', operation: 'subscribe', stream: 'DEPTH:BTCUSDT' });
    last().onmessage?.({ data: 'not json' });
    expect(kline1m).toHaveBeenCalledWith(frame);
    expect(kline5m).not.toHaveBeenCalled();
    expect(depth).not.toHaveBeenCalled();
  });

  it('keeps the contract last- and mark-price K-lines apart from the spot K-lines of the same symbol', () => {
    const { ws, last } = setup();
    const spot = vi.fn();
    const contract = vi.fn();
    const mark = vi.fn();
    ws.subscribe({ type: 'KLINE', symbol: 'BTCUSDT', interval: '1m' }, spot);
    ws.subscribe({ type: 'CONTRACT_KLINE', symbol: 'btcusdt', interval: '1m' }, contract);
    ws.subscribe({ type: 'MARK_KLINE', symbol: 'BTCUSDT', interval: '1m' }, mark);
    last().open();
    expect(last().messages()[1]).toEqual({
      operation: 'subscribe',
      type: 'CONTRACT_KLINE',
      symbol: 'BTCUSDT',
      interval: '1m',
    });
    const frame = {
      type: 'MARK_KLINE',
      symbol: 'BTCUSDT',
      interval: '1m',
      data: { close: '2', price: 'mark' },
    };
    last().receive(frame);
    expect(mark).toHaveBeenCalledWith(frame);
    expect(spot).not.toHaveBeenCalled();
    expect(contract).not.toHaveBeenCalled();
  });

  it('shares a stream between listeners; unsubscribes on the server when the last one leaves', () => {
    const { ws, last } = setup();
    const a = vi.fn();
    const b = vi.fn();
    const offA = ws.subscribe({ type: 'TRADE', symbol: 'ETHUSDT' }, a);
    last().open();
    const offB = ws.subscribe({ type: 'TRADE', symbol: 'ETHUSDT' }, b);
    expect(last().messages()).toHaveLength(1);
    offA();
    offA();
    expect(last().messages()).toHaveLength(1);
    last().receive({ type: 'TRADE', symbol: 'ETHUSDT', data: {} });
    expect(a).not.toHaveBeenCalled();
    expect(b).toHaveBeenCalledTimes(1);
    offB();
    expect(last().messages().at(-1)).toEqual({ operation: 'unsubscribe', type: 'TRADE', symbol: 'ETHUSDT' });
  });

  it('reconnects 3000 ms after a close or error and re-sends the active subscriptions', () => {
    const { ws, sockets, last } = setup();
    const statuses: string[] = [];
    ws.onStatus((s) => statuses.push(s));
    ws.subscribe({ type: 'DETAIL', symbol: 'BTCUSDT' }, () => {});
    const off = ws.subscribe({ type: 'DEPTH', symbol: 'BTCUSDT' }, () => {});
    last().open();
    off();
    last().fail();
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(RECONNECT_DELAY_MS - 1);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    last().open();
    expect(last().messages()).toEqual([{ operation: 'subscribe', type: 'DETAIL', symbol: 'BTCUSDT' }]);
    // An error on the new socket also reconnects.
    last().onerror?.({});
    vi.advanceTimersByTime(RECONNECT_DELAY_MS);
    expect(sockets).toHaveLength(3);
    expect(sockets[1]?.closed).toBe(true);
    last().open();
    expect(last().messages()).toEqual([{ operation: 'subscribe', type: 'DETAIL', symbol: 'BTCUSDT' }]);
    expect(statuses).toEqual([
      'connecting',
      'open',
      'closed',
      'connecting',
      'open',
      'closed',
      'connecting',
      'open',
    ]);
  });

  it('does not reconnect once nothing is subscribed, and reconnects on the next subscription', () => {
    const { ws, sockets, last } = setup();
    const off = ws.subscribe({ type: 'DETAIL', symbol: 'BTCUSDT' }, () => {});
    last().open();
    off();
    last().fail();
    vi.advanceTimersByTime(10 * RECONNECT_DELAY_MS);
    expect(sockets).toHaveLength(1);
    ws.subscribe({ type: 'TRADE', symbol: 'BTCUSDT' }, () => {});
    expect(sockets).toHaveLength(2);
  });
});

describe('private channel', () => {
  function setupPrivate() {
    const sockets: FakeSocket[] = [];
    const channel = createPrivateChannel({
      baseUrl: () => 'ws://test',
      heartbeatMs: 1000,
      createSocket: (url, protocols) => {
        const s = new FakeSocket(url, protocols);
        sockets.push(s);
        return s;
      },
    });
    const last = () => {
      const s = sockets.at(-1);
      if (!s) throw new Error('no socket');
      return s;
    };
    return { channel, sockets, last };
  }

  it('opens /ws/coin/{userId} with the token as subprotocol and delivers events by type', () => {
    const { channel, last } = setupPrivate();
    const owncoin = vi.fn();
    const status = vi.fn();
    const order = vi.fn();
    channel.on('OWNCOIN', owncoin);
    channel.on('USER_STATUS', status);
    channel.on('ORDER', order);
    channel.start('12', 'tok-abc');
    expect(last().url).toBe('ws://test/ws/coin/12');
    expect(last().protocols).toEqual(['coin-auth', 'tok-abc']);
    last().open();
    last().receive({ type: 'OWNCOIN', data: { asset: 'USDT', available: '1.5' } });
    last().receive({ type: 'USER_STATUS', data: { status: 'online' } });
    last().receive({ type: 'ORDER', data: { id: '7', status: 2 } });
    expect(order).toHaveBeenCalledWith({ id: '7', status: 2 });
    expect(owncoin).toHaveBeenCalledWith({ asset: 'USDT', available: '1.5' });
    expect(status).toHaveBeenCalledWith({ status: 'online' });
  });

  it('answers HEARTBEAT with PING and sends its own HEARTBEAT periodically', () => {
    const { channel, last } = setupPrivate();
    channel.start('12', 't');
    last().open();
    last().receive({ type: 'HEARTBEAT', time: 5 });
    expect(last().messages()).toEqual([{ type: 'PING' }]);
    vi.advanceTimersByTime(1000);
    expect(last().messages().at(-1)).toEqual({ type: 'HEARTBEAT' });
  });

  it('reconnects after 3 s on a drop, not after 4401, and not after stop()', () => {
    const { channel, sockets, last } = setupPrivate();
    channel.start('12', 't');
    last().open();
    last().fail(1006);
    vi.advanceTimersByTime(3000);
    expect(sockets).toHaveLength(2);
    last().open();
    last().fail(4401);
    vi.advanceTimersByTime(30_000);
    expect(sockets).toHaveLength(2);
    channel.start('12', 't2');
    expect(sockets).toHaveLength(3);
    channel.stop();
    expect(last().closed).toBe(true);
    last().fail(1006);
    vi.advanceTimersByTime(30_000);
    expect(sockets).toHaveLength(3);
    expect(channel.isActive()).toBe(false);
  });
});

describe('followSession', () => {
  it('starts the shared channel on login, restarts it on a new token and stops it on logout', async () => {
    const sockets: FakeSocket[] = [];
    vi.stubGlobal('location', { protocol: 'https:', host: 'ex.test' });
    vi.stubGlobal(
      'WebSocket',
      class extends FakeSocket {
        constructor(url: string, protocols: string[]) {
          super(url, protocols);
          sockets.push(this);
        }
      },
    );
    try {
      const { followSession } = await import('./private-ws');
      type S = { isLogin: boolean; token: string; userInfo: { id: string } | null };
      let state: S = { isLogin: false, token: '', userInfo: null };
      const listeners = new Set<(s: S) => void>();
      const store = {
        getState: () => state,
        subscribe: (l: (s: S) => void) => {
          listeners.add(l);
          return () => listeners.delete(l);
        },
      };
      const set = (next: S) => {
        state = next;
        for (const l of listeners) l(state);
      };
      const stop = followSession(store);
      expect(sockets).toHaveLength(0);
      set({ isLogin: true, token: 't1', userInfo: { id: '5' } });
      expect(sockets.map((s) => [s.url, s.protocols])).toEqual([
        ['wss://ex.test/ws/coin/5', ['coin-auth', 't1']],
      ]);
      set({ isLogin: true, token: 't1', userInfo: { id: '5' } });
      expect(sockets).toHaveLength(1);
      set({ isLogin: true, token: 't2', userInfo: { id: '5' } });
      expect(sockets).toHaveLength(2);
      expect(sockets[0]?.closed).toBe(true);
      set({ isLogin: false, token: '', userInfo: null });
      expect(sockets[1]?.closed).toBe(true);
      stop();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('watchDepth', () => {
  it('joins diffs to the snapshot, refetches after a gap and after a reconnect', async () => {
    const { ws, last } = setup();
    const snapshots = [
      { lastUpdateId: 5, bids: [['10', '1']] as [string, string][], asks: [] },
      { lastUpdateId: 20, bids: [['10', '9']] as [string, string][], asks: [] },
      { lastUpdateId: 30, bids: [['11', '1']] as [string, string][], asks: [] },
    ];
    const fetchSnapshot = vi.fn(async () => {
      const next = snapshots.shift();
      if (!next) throw new Error('no more snapshots');
      return next;
    });
    const { watchDepth } = await import('./public-ws');
    const books: string[] = [];
    const stop = watchDepth('BTCUSDT', (book) => books.push(JSON.stringify(book.bidLevels())), {
      ws,
      fetchSnapshot,
      retryMs: 10,
    });
    last().open();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchSnapshot).toHaveBeenCalledTimes(1);
    const diff = (U: number, u: number, b: [string, string][]) => ({
      type: 'DEPTH',
      symbol: 'BTCUSDT',
      data: { symbol: 'BTCUSDT', U, u, b, a: [] },
    });
    last().receive(diff(6, 6, [['10', '2']]));
    expect(books.at(-1)).toBe('[["10","2"]]');
    last().receive(diff(9, 9, [['10', '3']])); // gap (7, 8 missing)
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchSnapshot).toHaveBeenCalledTimes(2);
    expect(books.at(-1)).toBe('[["10","9"]]');
    last().receive(diff(21, 21, [['12', '1']]));
    expect(books.at(-1)).toBe('[["12","1"],["10","9"]]');
    // Reconnect: book reset, subscription re-sent, new snapshot.
    last().fail();
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS);
    last().open();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchSnapshot).toHaveBeenCalledTimes(3);
    expect(books.at(-1)).toBe('[["11","1"]]');
    expect(last().messages()).toEqual([{ operation: 'subscribe', type: 'DEPTH', symbol: 'BTCUSDT' }]);
    stop();
    expect(last().messages().at(-1)).toEqual({ operation: 'unsubscribe', type: 'DEPTH', symbol: 'BTCUSDT' });
  });
});
