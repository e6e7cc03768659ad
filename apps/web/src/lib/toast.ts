// Owns user notifications (antd `message`) and the error-toast throttle of spec section 8: at most one
// error toast per 2 s, so a burst of failing requests shows one message instead of a stack.
//
// antd is not part of the start-up bundle: the first toast loads antd's message host
// (components/toast-host.tsx, a dynamic import) and later toasts use it directly. Toasts asked for while
// it loads are shown in order once it is ready. The host renders inside the antd scope, so messages
// follow the theme. `bindToastApi` can hand in another instance (for example a context-aware
// `App.useApp().message`); `bindToastApi(null)` returns to the host.

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

type ToastKind = keyof ToastApi;

let bound: ToastApi | null = null;
let host: ToastApi | null = null;
let hostLoading: Promise<ToastApi> | null = null;

function loadHost(): Promise<ToastApi> {
  hostLoading ??= import('@/components/toast-host')
    .then((module) => module.mountToastHost())
    .then(
      (api) => {
        host = api;
        return api;
      },
      (error: unknown) => {
        // A failed chunk download is retried by the next toast.
        hostLoading = null;
        throw error;
      },
    );
  return hostLoading;
}

function show(kind: ToastKind, content: string): void {
  const ready = bound ?? host;
  if (ready) {
    ready[kind](content);
    return;
  }
  loadHost().then(
    (api) => {
      (bound ?? api)[kind](content);
    },
    (error: unknown) => {
      console.error('The message component could not be loaded', error, content);
    },
  );
}

export function bindToastApi(instance: ToastApi | null): void {
  bound = instance;
}

const errorGate = createThrottle(ERROR_TOAST_INTERVAL_MS);

export const toast = {
  success(content: string): void {
    show('success', content);
  },
  info(content: string): void {
    show('info', content);
  },
  warning(content: string): void {
    show('warning', content);
  },
  /** Unthrottled: for errors the user just caused and must see (a failed form action). */
  error(content: string): void {
    show('error', content);
  },
  /** Throttled to one per ERROR_TOAST_INTERVAL_MS: for request failures that can come in bursts. */
  errorThrottled(content: string): boolean {
    if (!errorGate()) return false;
    show('error', content);
    return true;
  },
};
