// The chat sockets of visitors (/ws/chat/visitor) and operators (/ws/chat/operator) (docs/chat.md):
// the token is offered as the second websocket subprotocol after 'coin-auth', as on the private channel.
// Frames are JSON: CHAT (a message), CHAT_THREAD (an inbox row, operators) and HEARTBEAT (answered with
// PING). Reconnects 3 s after a close until stopped; `onOpen` runs on every (re)connect so the caller
// can fetch what it missed.
export interface ChatSocketFrame {
  type: string;
  data?: unknown;
}

export interface ChatSocketOptions {
  path: '/ws/chat/visitor' | '/ws/chat/operator';
  token: string;
  onFrame: (frame: ChatSocketFrame) => void;
  onOpen?: () => void;
  reconnectDelayMs?: number;
}

export function openChatSocket(options: ChatSocketOptions): () => void {
  let socket: WebSocket | null = null;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const connect = () => {
    if (stopped) return;
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    const current = new WebSocket(`${scheme}://${window.location.host}${options.path}`, [
      'coin-auth',
      options.token,
    ]);
    socket = current;
    current.onopen = () => options.onOpen?.();
    current.onmessage = (event) => {
      if (typeof event.data !== 'string') return;
      let frame: ChatSocketFrame;
      try {
        frame = JSON.parse(event.data) as ChatSocketFrame;
      } catch {
        return;
      }
      if (frame.type === 'HEARTBEAT') {
        current.send(JSON.stringify({ type: 'PING' }));
        return;
      }
      options.onFrame(frame);
    };
    current.onclose = (event) => {
      if (socket !== current) return;
      socket = null;
      // 4401: the session ended (logout, revoked): reconnecting with the same token is pointless.
      if (stopped || event.code === 4401) return;
      timer = setTimeout(connect, options.reconnectDelayMs ?? 3000);
    };
  };
  connect();
  return () => {
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
    socket?.close();
    socket = null;
  };
}
