// Uploaded identity photos are served only to their owner (and operators): an <img src> carries no token,
// so the owner's view fetches them with the session token and shows an object URL.
import { useEffect, useState } from 'react';
import { useSessionStore } from '@/lib/session-store';

export async function fetchPrivateImage(link: string): Promise<string> {
  const token = useSessionStore.getState().token;
  const res = await fetch(link, {
    headers: token ? { Authorization: `Bearer ${token}`, satoken: token } : {},
    credentials: 'same-origin',
  });
  if (!res.ok) throw new Error(`image ${res.status}`);
  return URL.createObjectURL(await res.blob());
}

/** The object URL of a private upload, revoked when the link changes or the component goes. */
export function usePrivateImage(link: string | null | undefined): { url: string | null; failed: boolean } {
  const [state, setState] = useState<{ url: string | null; failed: boolean }>({ url: null, failed: false });
  useEffect(() => {
    if (!link) {
      setState({ url: null, failed: false });
      return;
    }
    let made: string | null = null;
    let live = true;
    fetchPrivateImage(link).then(
      (url) => {
        made = url;
        if (live) setState({ url, failed: false });
        else URL.revokeObjectURL(url);
      },
      () => {
        if (live) setState({ url: null, failed: true });
      },
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [link]);
  return state;
}
