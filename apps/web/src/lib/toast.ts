// Owns user notifications (antd `message`) and the error-toast throttle of spec section 8: at most one
// error toast per 2 s, so a burst of failing requests shows one message instead of a stack.
//
// antd's static `message` cannot see ConfigProvider (theme, locale). The layout can hand in the
// context-aware instance from `App.useApp().message` through `bindToastApi`; until then the static one
// is used.
import { message as staticMessage } from 'antd';

export const ERROR_TOAST_INTERVAL_MS = 2000;

/** Returns a gate that opens at most once per `intervalMs`. Pure apart from the injected clock. */
export function createThrottle(intervalMs: number, now: () => number = Date.now): () => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const t = now();
    if (t - last < intervalMs) return false;
    last = t;
    return true;
  };
}

/** The part of antd's message API used here; both the static and the App.useApp() instance fit. */
export interface ToastApi {
  success(content: string): unknown;
  error(content: string): unknown;
  warning(content: string): unknown;
  info(content: string): unknown;
}

let api: ToastApi = staticMessage;

export function bindToastApi(instance: ToastApi | null): void {
  api = instance ?? staticMessage;
}

const errorGate = createThrottle(ERROR_TOAST_INTERVAL_MS);

export const toast = {
  success(content: string): void {
    api.success(content);
  },
  info(content: string): void {
    api.info(content);
  },
  warning(content: string): void {
    api.warning(content);
  },
  /** Unthrottled: for errors the user just caused and must see (a failed form action). */
  error(content: string): void {
    api.error(content);
  },
  /** Throttled to one per ERROR_TOAST_INTERVAL_MS: for request failures that can come in bursts. */
  errorThrottled(content: string): boolean {
    if (!errorGate()) return false;
    api.error(content);
    return true;
  },
};
