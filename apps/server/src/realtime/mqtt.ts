// MQTT 3.1.1 for per-user live messages (DESIGN sections 4 and 6). Embedded: an aedes broker served over
// websocket at /mqtt, where clients log in with (user id, session token), may subscribe only to their own
// topics and may never publish. With MQTT_URL the server only publishes, to that external broker.
//
// Client ids are namespaced per user: the broker keys a connection by `<userId>/<client id>`, so two
// users choosing the same client id never meet (no takeover of another user's connection, and no
// session-present answer that would reveal another user's session). Each client belongs to the session
// it logged in with; revoking that session disconnects it at once (disconnectSessions).
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import mqtt from 'mqtt';

/** Where the server's per-user live messages go. */
export interface LivePublisher {
  readonly kind: 'embedded' | 'external';
  publish(topic: string, payload: string | Buffer): void;
  /** Whether a publish to the user's topic can reach anyone now (the embedded broker knows who is
   * connected; an external broker's subscribers are unknown, so always). */
  reachesUser(userId: string): boolean;
  close(): Promise<void>;
}

export const mqttTopics = {
  user: (userId: string) => `coin/user/${userId}`,
  merchant: (merchantId: string) => `coin/merchant/${merchantId}`,
  chat: (chatKey: string) => `coin/chat/${chatKey}`,
} as const;

/**
 * Which merchant ids and chat keys a user owns. Merchants and chat do not exist yet, so the default owns
 * none; the merchant and chat areas replace it (app.realtime.setTopicOwnership) when they arrive.
 */
export interface TopicOwnership {
  merchantIdsOf(userId: string): Promise<readonly string[]>;
  chatKeysOf(userId: string): Promise<readonly string[]>;
}

export const noTopicOwnership: TopicOwnership = {
  merchantIdsOf: async () => [],
  chatKeysOf: async () => [],
};

/** True when `userId` may subscribe to `topic` (exact topics only: wildcards are never granted). */
export async function maySubscribe(
  topic: string,
  userId: string,
  ownership: TopicOwnership,
): Promise<boolean> {
  if (topic.includes('+') || topic.includes('#')) return false;
  if (topic === mqttTopics.user(userId)) return true;
  const merchant = /^coin\/merchant\/([^/]+)$/.exec(topic)?.[1];
  if (merchant !== undefined) return (await ownership.merchantIdsOf(userId)).includes(merchant);
  const chat = /^coin\/chat\/([^/]+)$/.exec(topic)?.[1];
  if (chat !== undefined) return (await ownership.chatKeysOf(userId)).includes(chat);
  return false;
}

function authError(message: string): AuthenticateError {
  // 5 = not authorized (MQTT 3.1.1 CONNACK).
  return Object.assign(new Error(message), { returnCode: 5 }) as AuthenticateError;
}

/** The broker-side id of a client: the client's own id inside its user's namespace. */
export function namespacedClientId(userId: string, clientId: string): string {
  return `${userId}/${clientId}`;
}

export interface EmbeddedBrokerOptions {
  /** The id of the live user session of `userId` behind `token`; rejects otherwise. */
  authenticateUser(userId: string, token: string): Promise<bigint>;
  /** Whether a session (by id) is still live. */
  isSessionLive(sessionId: bigint): Promise<boolean>;
  ownership(): TopicOwnership;
  /** Sessions of connected clients are re-checked this often (expiry); revocations act at once. */
  sessionCheckMs?: number;
}

export interface EmbeddedBroker {
  broker: Aedes;
  /** Serves one connection (a websocket stream). */
  handle(stream: Duplex, request: IncomingMessage): void;
  publisher: LivePublisher;
  /** Re-checks every connected client's session now (the timer does this periodically). */
  recheckSessions(): Promise<void>;
  /** Disconnects the user's clients that logged in with these sessions; returns how many. */
  disconnectSessions(userId: string, sessionIds: ReadonlySet<bigint>): number;
}

interface ClientLogin {
  userId: string;
  sessionId: bigint;
}

export async function createEmbeddedBroker(options: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  const loginOf = new Map<Client, ClientLogin>();
  const clientsOf = new Map<string, Set<Client>>();
  const forget = (client: Client) => {
    const login = loginOf.get(client);
    if (!login) return;
    loginOf.delete(client);
    const set = clientsOf.get(login.userId);
    set?.delete(client);
    if (set?.size === 0) clientsOf.delete(login.userId);
  };
  const broker = await Aedes.createBroker({
    authenticate(client, username, password, done) {
      const userId = username ?? '';
      const token = password?.toString('utf8') ?? '';
      if (!/^\d{1,20}$/.test(userId) || token === '') {
        done(authError('bad credentials'), false);
        return;
      }
      options.authenticateUser(userId, token).then(
        (sessionId) => {
          // aedes registers the client (taking over an older connection with the same id) and looks up
          // its persistent session only after this callback, under this id.
          client.id = namespacedClientId(userId, client.id);
          loginOf.set(client, { userId, sessionId });
          let set = clientsOf.get(userId);
          if (!set) {
            set = new Set();
            clientsOf.set(userId, set);
          }
          set.add(client);
          done(null, true);
        },
        () => done(authError('not authorized'), false),
      );
    },
    authorizeSubscribe(client, subscription, done) {
      const userId = loginOf.get(client)?.userId;
      if (userId === undefined) {
        done(null, null);
        return;
      }
      maySubscribe(subscription.topic, userId, options.ownership()).then(
        (ok) => done(null, ok ? subscription : null),
        () => done(null, null),
      );
    },
    authorizePublish(client, _packet, done) {
      // Only the server publishes (broker.publish passes no client).
      if (client) done(new Error('clients may not publish'));
      else done(null);
    },
  });
  broker.on('clientDisconnect', forget);
  const disconnectSessions = (userId: string, sessionIds: ReadonlySet<bigint>) => {
    let closed = 0;
    for (const client of [...(clientsOf.get(userId) ?? [])]) {
      const login = loginOf.get(client);
      if (!login || !sessionIds.has(login.sessionId)) continue;
      // close() ends the connection and its subscriptions now; forgetting it keeps the index exact even
      // before aedes reports the disconnect.
      forget(client);
      client.close();
      closed += 1;
    }
    return closed;
  };
  const recheckSessions = async () => {
    const bySession = new Map<bigint, string>();
    for (const login of loginOf.values()) bySession.set(login.sessionId, login.userId);
    await Promise.all(
      [...bySession].map(async ([sessionId, userId]) => {
        const live = await options.isSessionLive(sessionId).catch(() => true);
        if (!live) disconnectSessions(userId, new Set([sessionId]));
      }),
    );
  };
  const timer = setInterval(() => void recheckSessions(), options.sessionCheckMs ?? 60_000);
  timer.unref();
  const publisher: LivePublisher = {
    kind: 'embedded',
    publish(topic, payload) {
      broker.publish(
        {
          cmd: 'publish',
          topic,
          payload: typeof payload === 'string' ? Buffer.from(payload) : payload,
          qos: 0,
          retain: false,
          dup: false,
        },
        () => {},
      );
    },
    // A user topic is only ever granted to that user's own clients (maySubscribe), and QoS 0 is never
    // queued for an offline client: no connected client, nobody to reach.
    reachesUser: (userId) => clientsOf.has(userId),
    close: () => {
      clearInterval(timer);
      return new Promise<void>((resolve) => broker.close(() => resolve()));
    },
  };
  const handle = (stream: Duplex, request: IncomingMessage) => {
    const client = broker.handle(stream, request);
    // Also when the connection dies between authentication and registration (no clientDisconnect then).
    stream.once('close', () => forget(client));
  };
  return { broker, handle, publisher, recheckSessions, disconnectSessions };
}

/** Publishes to an external broker (MQTT_URL); that broker owns client authentication and ACLs (with
 * MQTT_ADMIN_USERNAME the platform configures them, mqtt-dynsec.ts, and logs in as its publisher). */
export function createExternalPublisher(
  url: string,
  onError: (err: Error) => void,
  login?: { username: string; password: string },
): LivePublisher {
  const client = mqtt.connect(url, {
    ...login,
    clientId: `coin-server-${randomBytes(6).toString('hex')}`,
    reconnectPeriod: 1000,
    // QoS 0 messages published while (re)connecting are queued rather than lost.
    queueQoSZero: true,
  });
  client.on('error', onError);
  return {
    kind: 'external',
    publish(topic, payload) {
      client.publish(topic, payload, { qos: 0, retain: false });
    },
    reachesUser: () => true,
    close: () => client.endAsync().then(() => undefined),
  };
}
