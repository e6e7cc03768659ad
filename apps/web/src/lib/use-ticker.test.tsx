// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTickerStore, type TickerStore } from './ticker-store';
import { useTicker } from './use-ticker';

function Cell({
  symbol,
  store,
  renders,
}: {
  symbol: string;
  store: TickerStore;
  renders: Map<string, number>;
}) {
  const ticker = useTicker(symbol, store);
  renders.set(symbol, (renders.get(symbol) ?? 0) + 1);
  return <span data-testid={symbol}>{ticker?.close ?? '-'}</span>;
}

describe('useTicker', () => {
  it('re-renders only the cell whose pair changed, once per frame however many pushes arrived', () => {
    const frames: Array<() => void> = [];
    const store = createTickerStore((flush) => {
      frames.push(flush);
    });
    const renders = new Map<string, number>();
    const view = render(
      <>
        <Cell symbol="BTCUSDT" store={store} renders={renders} />
        <Cell symbol="ETHUSDT" store={store} renders={renders} />
      </>,
    );
    expect(view.getByTestId('BTCUSDT').textContent).toBe('-');
    expect(renders.get('BTCUSDT')).toBe(1);

    // Ten websocket messages within one frame.
    for (let i = 0; i < 10; i++) store.push({ key: 'BTC/USDT', close: `100.${i}` });
    expect(renders.get('BTCUSDT')).toBe(1);
    act(() => {
      for (const flush of frames.splice(0)) flush();
    });
    expect(view.getByTestId('BTCUSDT').textContent).toBe('100.9');
    expect(renders.get('BTCUSDT')).toBe(2);
    expect(renders.get('ETHUSDT')).toBe(1);
    expect(view.getByTestId('ETHUSDT').textContent).toBe('-');
  });
});
