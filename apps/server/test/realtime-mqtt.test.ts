// MQTT: ACLs of the embedded aedes broker over ws (/mqtt), and the external-broker publisher against the
// local Mosquitto (127.0.0.1:1883). Mosquitto here is a plain broker without our ACLs, so that test only
// proves the server publishes each user's messages to that user's topic.
import { connect as netConnect } from 'node:net';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maySubscribe, mqttTopics, noTopicOwnership } from '@/realtime/mqtt';
import { auth, b64, call, createTestApp, loginOk, registerAndLogin, type TestContext } from './helpers';
import { baseUrl } from './realtime-ws-client';

const MOSQUITTO = { host: '127.0.0.1', port: 1883 };

function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = netConnect({ host, port });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

function received(client: MqttClient, topic: string, timeoutMs = 3000): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no message on ${topic}`)), timeoutMs);
    client.on('message', (t, payload) => {
      if (t !== topic) return;
      clearTimeout(timer);
      resolve(payload.toString());
    });
  });
}

/** SUBACK return codes (mqtt.js reports a refused topic as an error carrying the SUBACK packet). */
function grants(client: MqttClient, topics: string[]): Promise<number[]> {
  return new Promise((resolve) => {
    client.subscribe(topics, (err, granted) => {
      const packet = (err as { packet?: { granted?: number[] } } | null)?.packet;
      resolve(packet?.granted ?? (granted ?? []).map((g) => g.qos));
    });
  });
}

describe('embedded broker over ws', () => {
  let ctx: TestContext;
  let url: string;
  let a: { id: string; token: string };
  let b: { id: string; token: string };
  const clients: MqttClient[] = [];

  const connectAs = async (username: string, password: string) => {
    const client = await mqtt.connectAsync(url, {
      username,
      password,
      keepalive: 5,
      reconnectPeriod: 0,
      protocolVersion: 4,
      connectTimeout: 3000,
    });
    clients.push(client);
    return client;
  };
  /** Connects and reports the CONNACK's session-present flag. */
  const connectWithAck = (options: IClientOptions) =>
    new Promise<{ client: MqttClient; sessionPresent: boolean }>((resolve, reject) => {
      const client = mqtt.connect(url, {
        keepalive: 5,
        reconnectPeriod: 0,
        protocolVersion: 4,
        connectTimeout: 3000,
        ...options,
      });
      clients.push(client);
      client.once('connect', (connack) => resolve({ client, sessionPresent: connack.sessionPresent }));
      client.once('error', reject);
    });
  const closedWithin = (client: MqttClient, ms: number) =>
    new Promise<boolean>((resolve) => {
      if (!client.connected) return resolve(true);
      const timer = setTimeout(() => resolve(false), ms);
      client.once('close', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });

  beforeAll(async () => {
    ctx = await createTestApp();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    url = `${baseUrl(ctx.app)}/mqtt`;
    const ua = await registerAndLogin(ctx.app);
    const ub = await registerAndLogin(ctx.app);
    a = { id: ua.user.id, token: ua.token };
    b = { id: ub.user.id, token: ub.token };
  });
  afterAll(async () => {
    for (const c of clients) c.end(true);
    await ctx.close();
  });

  it('refuses a wrong password and a token of another user', async () => {
    await expect(connectAs(a.id, 'wrong')).rejects.toThrow(/Not authorized/i);
    await expect(connectAs(a.id, b.token)).rejects.toThrow(/Not authorized/i);
    await expect(connectAs('not-an-id', a.token)).rejects.toThrow(/Not authorized/i);
  });

  it('grants the own user topic only; the server publishes balance messages there', async () => {
    expect(ctx.app.realtime.live.kind).toBe('embedded');
    const client = await connectAs(a.id, a.token);
    const granted = await grants(client, [
      mqttTopics.user(a.id),
      mqttTopics.user(b.id),
      'coin/user/#',
      'coin/user/+',
      mqttTopics.merchant(a.id),
      mqttTopics.chat('somechat'),
    ]);
    expect(granted).toEqual([0, 128, 128, 128, 128, 128]);
    const message = received(client, mqttTopics.user(a.id));
    ctx.app.realtime.publishUser(a.id, 'USER_STATUS', { userId: a.id, status: 'online' });
    expect(JSON.parse(await message)).toEqual({
      type: 'USER_STATUS',
      data: { userId: a.id, status: 'online' },
    });
  });

  it('never lets a client publish: the publish is not delivered and the client is dropped', async () => {
    const listener = await connectAs(a.id, a.token);
    await listener.subscribeAsync(mqttTopics.user(a.id));
    const got: string[] = [];
    listener.on('message', (_t, p) => got.push(p.toString()));
    const intruder = await connectAs(b.id, b.token);
    const closed = new Promise<void>((resolve) => intruder.once('close', () => resolve()));
    intruder.publish(mqttTopics.user(a.id), JSON.stringify({ type: 'OWNCOIN', data: { fake: true } }));
    await closed;
    // Own-topic publish is refused too.
    const self = await connectAs(a.id, a.token);
    const selfClosed = new Promise<void>((resolve) => self.once('close', () => resolve()));
    self.publish(mqttTopics.user(a.id), 'x');
    await selfClosed;
    await new Promise((r) => setTimeout(r, 200));
    expect(got).toEqual([]);
  });

  it('client ids are per user: another user with the same id neither takes over nor learns of the session', async () => {
    const clientId = `shared-${a.id}`;
    const first = await connectWithAck({ username: a.id, password: a.token, clientId, clean: false });
    expect(first.sessionPresent).toBe(false);
    await first.client.subscribeAsync(mqttTopics.user(a.id), { qos: 1 });
    // B picks A's client id, asking for the persistent session behind it.
    const probe = await connectWithAck({ username: b.id, password: b.token, clientId, clean: false });
    expect(probe.sessionPresent).toBe(false);
    expect(await closedWithin(first.client, 300)).toBe(false);
    const message = received(first.client, mqttTopics.user(a.id));
    ctx.app.realtime.publishUser(a.id, 'USER_STATUS', { still: 'here' });
    expect(JSON.parse(await message)).toEqual({ type: 'USER_STATUS', data: { still: 'here' } });
    probe.client.end(true);
    // A's own reconnect with that id does find A's session (and replaces A's older connection).
    const again = await connectWithAck({ username: a.id, password: a.token, clientId, clean: false });
    expect(again.sessionPresent).toBe(true);
    expect(await closedWithin(first.client, 3000)).toBe(true);
    again.client.end(true);
  });

  it('revoking a session disconnects its MQTT clients at once (password change from another session)', async () => {
    const user = await registerAndLogin(ctx.app);
    const id = user.user.id;
    const sessionA = await loginOk(ctx.app, {
      username: user.account,
      password: user.password,
      deviceId: 'mqtt-a-0001',
    });
    const sessionB = await loginOk(ctx.app, {
      username: user.account,
      password: user.password,
      deviceId: 'mqtt-b-0001',
    });
    const onA = await connectAs(id, sessionA.satoken);
    const onB = await connectAs(id, sessionB.satoken);
    await onA.subscribeAsync(mqttTopics.user(id));
    await onB.subscribeAsync(mqttTopics.user(id));
    const gotA: string[] = [];
    onA.on('message', (_t, p) => gotA.push(p.toString()));
    const closed = closedWithin(onA, 3000);
    const changed = await call(ctx.app, {
      method: 'POST',
      url: '/api/user/updatePwd',
      headers: auth(sessionB.satoken),
      payload: {
        oldPassword: b64(user.password),
        newPassword: b64('Changed-123'),
        confirmPassword: b64('Changed-123'),
      },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    // No re-check: the revocation itself disconnects A.
    expect(await closed).toBe(true);
    const toB = received(onB, mqttTopics.user(id));
    ctx.app.realtime.publishUser(id, 'OWNCOIN', { after: 'revoke' });
    expect(JSON.parse(await toB)).toEqual({ type: 'OWNCOIN', data: { after: 'revoke' } });
    expect(gotA).toEqual([]);

    // Logout too.
    const closedB = closedWithin(onB, 3000);
    await call(ctx.app, { method: 'POST', url: '/api/user/logout', headers: auth(sessionB.satoken) });
    expect(await closedB).toBe(true);
  });

  it('disconnects a client whose session expired (periodic re-check)', async () => {
    const user = await registerAndLogin(ctx.app);
    const client = await connectAs(user.user.id, user.token);
    await client.subscribeAsync(mqttTopics.user(user.user.id));
    await ctx.app.realtime.recheckMqttSessions();
    expect(client.connected).toBe(true);
    const closed = closedWithin(client, 3000);
    ctx.clock.advance(ctx.config.ACCESS_TOKEN_TTL_SECONDS * 1000);
    await ctx.app.realtime.recheckMqttSessions();
    expect(await closed).toBe(true);
  });

  it('ACL function: exact own topics; merchant and chat topics only when owned', async () => {
    const owns = {
      merchantIdsOf: async (u: string) => (u === '7' ? ['m7'] : []),
      chatKeysOf: async (u: string) => (u === '7' ? ['chat-a'] : []),
    };
    expect(await maySubscribe('coin/user/7', '7', noTopicOwnership)).toBe(true);
    expect(await maySubscribe('coin/user/70', '7', noTopicOwnership)).toBe(false);
    expect(await maySubscribe('coin/merchant/m7', '7', noTopicOwnership)).toBe(false);
    expect(await maySubscribe('coin/merchant/m7', '7', owns)).toBe(true);
    expect(await maySubscribe('coin/merchant/m7', '8', owns)).toBe(false);
    expect(await maySubscribe('coin/chat/chat-a', '7', owns)).toBe(true);
    expect(await maySubscribe('coin/chat/chat-b', '7', owns)).toBe(false);
    expect(await maySubscribe('coin/chat/+', '7', owns)).toBe(false);
    expect(await maySubscribe('coin/user/7/x', '7', owns)).toBe(false);
  });
});

describe('external broker (MQTT_URL)', async () => {
  const up = await reachable(MOSQUITTO.host, MOSQUITTO.port);

  it.skipIf(!up)(
    'publishes each user’s events to coin/user/{id} on the external broker; no /mqtt endpoint',
    async () => {
      const ctx = await createTestApp({ MQTT_URL: `mqtt://${MOSQUITTO.host}:${MOSQUITTO.port}` });
      const watcher = await mqtt.connectAsync(`mqtt://${MOSQUITTO.host}:${MOSQUITTO.port}`, {
        reconnectPeriod: 0,
      });
      try {
        expect(ctx.app.realtime.live.kind).toBe('external');
        const ua = await registerAndLogin(ctx.app);
        const ub = await registerAndLogin(ctx.app);
        await watcher.subscribeAsync([mqttTopics.user(ua.user.id), mqttTopics.user(ub.user.id)]);
        const messages: Array<[string, string]> = [];
        watcher.on('message', (t, p) => messages.push([t, p.toString()]));
        ctx.app.realtime.publishUser(ua.user.id, 'USER_STATUS', { n: 1 });
        ctx.app.realtime.publishUser(ub.user.id, 'USER_STATUS', { n: 2 });
        const deadline = Date.now() + 5000;
        while (messages.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
        expect(messages.sort()).toEqual(
          [
            [mqttTopics.user(ua.user.id), JSON.stringify({ type: 'USER_STATUS', data: { n: 1 } })],
            [mqttTopics.user(ub.user.id), JSON.stringify({ type: 'USER_STATUS', data: { n: 2 } })],
          ].sort(),
        );
        const res = await ctx.app.inject({ method: 'GET', url: '/mqtt' });
        expect(res.statusCode).toBe(404);
      } finally {
        await watcher.endAsync();
        await ctx.close();
      }
    },
  );
});
