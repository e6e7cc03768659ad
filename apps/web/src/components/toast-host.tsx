// The antd message host behind `toast` (lib/toast.ts), loaded on the first toast: a small React root of
// its own, inside the antd scope, so messages follow the app's theme like the rest of antd does. Only
// lib/toast.ts imports this module, dynamically.
import { App } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import type { ToastApi } from '@/lib/toast';
import { AntdScope } from './antd-scope';

/** Mounts the host once and resolves with an API that always uses its current message instance, and
 * `unmount` (tests end with it, so React has no work left when their environment is torn down). */
export function mountToastHost(): Promise<ToastApi & { unmount(): void }> {
  return new Promise((resolve) => {
    let current: MessageInstance | null = null;
    // Keyed by kind and text: the same message asked for again while it is on screen (a form that
    // confirms and a caller that confirms too, a double click) replaces itself instead of stacking.
    const container = document.createElement('div');
    const root = createRoot(container);
    const api: ToastApi & { unmount(): void } = {
      success: (content) => current?.success({ content, key: `success:${content}` }),
      error: (content) => current?.error({ content, key: `error:${content}` }),
      warning: (content) => current?.warning({ content, key: `warning:${content}` }),
      info: (content) => current?.info({ content, key: `info:${content}` }),
      unmount: () => {
        root.unmount();
        container.remove();
      },
    };

    function Binding() {
      const { message } = App.useApp();
      // A passive effect: antd's message holder is committed by then.
      useEffect(() => {
        current = message;
        resolve(api);
      }, [message]);
      return null;
    }

    container.setAttribute('data-toast-host', '');
    document.body.appendChild(container);
    root.render(
      <AntdScope>
        <Binding />
      </AntdScope>,
    );
  });
}
