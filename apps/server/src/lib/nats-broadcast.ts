// The invalidation bus and the session signal between the processes of a cluster (docs/operations.md
// "Read caches across processes"): each process delivers its own messages in-process at once (a write
// route answers only when its own caches see the change), and broadcasts them on a NATS subject; the
// other processes deliver what they receive to their own subscribers. Core NATS, not JetStream: a message
// missed while a process was disconnected is covered by the caches' own expiry (the bounded staleness
// documented per cache).
import { randomBytes } from 'node:crypto';
import type { NatsConnection } from 'nats';
import {
  InProcessSessionSignal,
  type SessionSignal,
  type SessionSignalEvent,
  type SessionSignalListener,
} from '@/modules/auth/session-signal';
import {
  INVALIDATION_TOPICS,
  type InvalidationBus,
  type InvalidationHandler,
  type InvalidationTopic,
  LocalInvalidationBus,
} from './invalidation-bus';

export const cacheSubject = (stream: string, topic: string) => `cache.invalidate.${stream}.${topic}`;
export const sessionSubject = (stream: string) => `session.${stream}.signal`;

export class NatsInvalidationBus implements InvalidationBus {
  private readonly local = new LocalInvalidationBus();
  private readonly origin = randomBytes(8).toString('hex');

  constructor(
    private readonly nc: NatsConnection,
    private readonly stream: string,
    onError: (err: unknown) => void,
  ) {
    nc.subscribe(`cache.invalidate.${stream}.>`, {
      callback: (err, msg) => {
        if (err) return;
        try {
          const { origin, topic, key } = msg.json<{
            origin: string;
            topic: InvalidationTopic;
            key?: string;
          }>();
          if (origin === this.origin) return;
          this.local.publish(topic, key).catch(onError);
        } catch (e) {
          onError(e);
        }
      },
    });
    // Messages sent while this process was disconnected are lost: after a reconnect every cache starts
    // over, so staleness ends with the disconnection.
    void (async () => {
      for await (const status of nc.status()) {
        if (status.type !== 'reconnect') continue;
        for (const topic of Object.values(INVALIDATION_TOPICS)) this.local.publish(topic).catch(onError);
      }
    })().catch(onError);
  }

  publish(topic: InvalidationTopic, key?: string): Promise<void> {
    this.nc.publish(cacheSubject(this.stream, topic), JSON.stringify({ origin: this.origin, topic, key }));
    return this.local.publish(topic, key);
  }

  subscribe(topic: InvalidationTopic, handler: InvalidationHandler): () => void {
    return this.local.subscribe(topic, handler);
  }
}

export class NatsSessionSignal implements SessionSignal {
  private readonly local: InProcessSessionSignal;
  private readonly origin = randomBytes(8).toString('hex');

  constructor(
    private readonly nc: NatsConnection,
    private readonly stream: string,
    onError: (err: unknown) => void,
  ) {
    this.local = new InProcessSessionSignal(onError);
    nc.subscribe(sessionSubject(stream), {
      callback: (err, msg) => {
        if (err) return;
        try {
          const { origin, event } = msg.json<{ origin: string; event: SessionSignalEvent }>();
          if (origin !== this.origin) this.local.publish(event);
        } catch (e) {
          onError(e);
        }
      },
    });
  }

  publish(event: SessionSignalEvent): void {
    this.nc.publish(sessionSubject(this.stream), JSON.stringify({ origin: this.origin, event }));
    this.local.publish(event);
  }

  subscribe(listener: SessionSignalListener): () => void {
    return this.local.subscribe(listener);
  }
}
