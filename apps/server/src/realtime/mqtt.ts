// MQTT 3.1.1 for per-user live messages (DESIGN sections 4 and 6). Embedded: an aedes broker served over
// websocket at /mqtt, where clients log in with (user id, session token), may subscribe only to their own
// topics and may never publish. With MQTT_URL the server only publishes, to that external broker.
import { randomBytes } from 'node:crypto';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import mqtt from 'mqtt';

/** Where the server's per-user live messages go. */
export interface LivePublisher {
  readonly kind: 'embedded' | 'external';
  publish(topic: string, payload: string | Buffer): void;
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

export interface EmbeddedBrokerOptions {
  /** Resolves when `token` is a live user session of `userId`, rejects otherwise. */
  checkUserToken(userId: string, token: string): Promise<void>;
  ownership(): TopicOwnership;
  /** Sessions of connected clients are re-checked this often; revoked ones are disconnected. */
  sessionCheckMs?: number;
}

export interface EmbeddedBroker {
  broker: Aedes;
  publisher: LivePublisher;
  /** Re-checks every connected client's session now (the timer does this periodically). */
  recheckSessions(): Promise<void>;
}

export async function createEmbeddedBroker(options: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  const userOf = new Map<Client, string>();
  const tokenOf = new Map<Client, string>();
  const broker = await Aedes.createBroker({
    authenticate(client, username, password, done) {
      const userId = username ?? '';
      const token = password?.toString('utf8') ?? '';
      if (!/^\d{1,20}$/.test(userId) || token === '') {
        done(authError('bad credentials'), false);
        return;
      }
      options.checkUserToken(userId, token).then(
        () => {
          userOf.set(client, userId);
          tokenOf.set(client, token);
          done(null, true);
        },
        () => done(authError('not authorized'), false),
      );
    },
    authorizeSubscribe(client, subscription, done) {
      const userId = userOf.get(client);
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
  broker.on('clientDisconnect', (client) => {
    userOf.delete(client);
    tokenOf.delete(client);
  });
  const recheckSessions = async () => {
    await Promise.all(
      [...userOf.entries()].map(([client, userId]) =>
        options.checkUserToken(userId, tokenOf.get(client) ?? '').catch(() => {
          userOf.delete(client);
          tokenOf.delete(client);
          client.close();
        }),
      ),
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
    close: () => {
      clearInterval(timer);
      return new Promise<void>((resolve) => broker.close(() => resolve()));
    },
  };
  return { broker, publisher, recheckSessions };
}

/** Publishes to an external broker (MQTT_URL); that broker owns client authentication and ACLs. */
export function createExternalPublisher(url: string, onError: (err: Error) => void): LivePublisher {
  const client = mqtt.connect(url, {
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
    close: () => client.endAsync().then(() => undefined),
  };
}
