// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { mountToastHost } from './toast-host';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const notices = (text: string) =>
  [...document.querySelectorAll('.ant-message-notice')].filter((n) => n.textContent === text).length;

describe('toast host', () => {
  it('shows the same message once while it is on screen, different ones each', async () => {
    const mounted = mountToastHost();
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    const api = await mounted;
    await act(async () => {
      api.success('Funds password changed');
      api.success('Funds password changed');
      api.error('Network slow');
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(notices('Funds password changed')).toBe(1);
    expect(notices('Network slow')).toBe(1);
    // Let the messages' 3 s close timers fire inside act, so neither antd nor React's scheduler has work
    // left when the environment is torn down (it ran after `window` was gone under load in CI).
    await act(async () => {
      await new Promise((r) => setTimeout(r, 3600));
    });
    await act(async () => {
      await new Promise((r) => setTimeout(r, 400));
    });
    // Unmounted inside act: no render or effect is left for React's scheduler to run after the test (one
    // ran after `window` was gone on a loaded machine: "window is not defined" failed a CI run).
    await act(async () => api.unmount());
  }, 15_000);
});
