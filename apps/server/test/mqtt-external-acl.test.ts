// External MQTT broker with the platform's per-session credentials and topic ACLs (issue 19): a private
// Mosquitto 2 with the dynamic security plugin, started by this test on its own port; the server
// (MQTT_URL + MQTT_ADMIN_USERNAME) configures it and issues credentials from
// POST /api/mjkj-web/coin/mqtt/credentials. Skipped with a message only when mosquitto or the plugin is
// not installed.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect as netConnect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mqttTopics } from '@/realtime/mqtt';
import { DynsecAdmin, MqttAccessManager, parseMqttUsername } from '@/realtime/mqtt-dynsec';
import { auth, call, createTestApp, registerAndLogin, type TestContext } from './helpers';

const MOSQUITTO = '/usr/sbin/mosquitto';
const PLUGIN_CANDIDATES = [
  '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so',
  '/usr/lib/aarch64-linux-gnu/mosquitto_dynamic_security.so',
  '/usr/lib/mosquitto_dynamic_security.so',
  '/usr/local/lib/mosquitto_dynamic_security.so',
];
const PLUGIN = PLUGIN_CANDIDATES.find((p) => existsSync(p));
const PORT = 19411;
const URL = `mqtt://127.0.0.1:${PORT}`;
const ADMIN_PASSWORD = `admin-${randomBytes(8).toString('hex')}`;
const available = existsSync(MOSQUITTO) && PLUGIN !== undefined;
if (!available) {
  console.warn(
    `External MQTT ACL tests SKIPPED: ${existsSync(MOSQUITTO) ? 'the dynamic security plugin' : MOSQUITTO} is not installed (apt-get install mosquitto, 2.0 or later)`,
  );
}

/** The plugin's initial file: one admin client with the plugin's usual admin role. */
function writeDynsecConfig(file: string) {
  try {
    execFileSync('mosquitto_ctrl', ['dynsec', 'init', file, 'admin', ADMIN_PASSWORD], { stdio: 'ignore' });
    return;
  } catch {
    // No mosquitto_ctrl: write the same file (PBKDF2-SHA512, 64 bytes, as the plugin stores passwords).
  }
  const salt = randomBytes(12);
  const iterations = 101;
  const hash = pbkdf2Sync(ADMIN_PASSWORD, salt, iterations, 64, 'sha512');
  const control = '$CONTROL/dynamic-security/#';
  writeFileSync(
    file,
    JSON.stringify({
      clients: [
        {
          username: 'admin',
          password: hash.toString('base64'),
          salt: salt.toString('base64'),
          iterations,
          roles: [{ rolename: 'admin' }],
        },
      ],
      roles: [
        {
          rolename: 'admin',
          acls: [
            { acltype: 'publishClientSend', topic: control, allow: true },
            { acltype: 'publishClientReceive', topic: control, allow: true },
            { acltype: 'subscribePattern', topic: control, allow: true },
          ],
        },
      ],
      defaultACLAccess: {
        publishClientSend: false,
        publishClientReceive: true,
        subscribe: false,
        unsubscribe: true,
      },
    }),
  );
}

function waitForPort(port: number, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = netConnect({ host: '127.0.0.1', port });
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        if (Date.now() > deadline) reject(new Error(`mosquitto did not listen on ${port}`));
        else setTimeout(attempt, 100);
      });
    };
    attempt();
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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Credentials {
  broker: string;
  url: string;
  username: string;
  password: string;
  topics: string[];
}

describe.skipIf(!available)('external Mosquitto with per-session credentials and ACLs', () => {
  let dir: string;
  let broker: ChildProcess;
  let ctx: TestContext;
  let a: { id: string; token: string };
  let b: { id: string; token: string };
  const clients: MqttClient[] = [];

  const credentials = async (token: string) => {
    const res = await call<Credentials>(ctx.app, {
      method: 'POST',
      url: '/api/mjkj-web/coin/mqtt/credentials',
      headers: auth(token),
    });
    expect(res.status).toBe(200);
    return res.body.data as Credentials;
  };
  const connectAs = async (username: string, password: string) => {
    const client = await mqtt.connectAsync(URL, {
      username,
      password,
      reconnectPeriod: 0,
      protocolVersion: 4,
      connectTimeout: 3000,
    });
    clients.push(client);
    return client;
  };
  const collect = (client: MqttClient) => {
    const got: Array<{ topic: string; payload: string }> = [];
    client.on('message', (topic, payload) => got.push({ topic, payload: payload.toString() }));
    return got;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'coin-mosquitto-'));
    writeDynsecConfig(join(dir, 'dynsec.json'));
    writeFileSync(
      join(dir, 'mosquitto.conf'),
      [
        `listener ${PORT} 127.0.0.1`,
        'allow_anonymous false',
        'persistence false',
        // Started as root, mosquitto would switch to the `mosquitto` user, which cannot read this folder.
        `user ${userInfo().username}`,
        `plugin ${PLUGIN}`,
        `plugin_opt_config_file ${join(dir, 'dynsec.json')}`,
        '',
      ].join('\n'),
    );
    broker = spawn(MOSQUITTO, ['-c', join(dir, 'mosquitto.conf')], { stdio: 'ignore' });
    await waitForPort(PORT);
    ctx = await createTestApp({
      MQTT_URL: URL,
      MQTT_ADMIN_USERNAME: 'admin',
      MQTT_ADMIN_PASSWORD: ADMIN_PASSWORD,
      MQTT_SWEEP_MS: '0',
    });
    const ua = await registerAndLogin(ctx.app);
    const ub = await registerAndLogin(ctx.app);
    a = { id: ua.user.id, token: ua.token };
    b = { id: ub.user.id, token: ub.token };
  }, 30_000);
  afterAll(async () => {
    for (const c of clients) c.end(true);
    await ctx?.close();
    broker?.kill('SIGTERM');
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('issues per-session credentials for the own topics', async () => {
    const creds = await credentials(a.token);
    expect(creds.broker).toBe('external');
    expect(creds.url).toBe(URL);
    expect(parseMqttUsername(creds.username)?.userId).toBe(a.id);
    expect(creds.password.length).toBeGreaterThanOrEqual(24);
    expect(creds.topics).toEqual([mqttTopics.user(a.id)]);
    const res = await call(ctx.app, { method: 'POST', url: '/api/mjkj-web/coin/mqtt/credentials' });
    expect(res.status).toBe(401);
  });

  it('refuses bad credentials', async () => {
    const ca = await credentials(a.token);
    const cb = await credentials(b.token);
    await expect(connectAs(ca.username, 'wrong')).rejects.toThrow(/Not authorized|bad user name/i);
    await expect(connectAs(ca.username, cb.password)).rejects.toThrow(/Not authorized|bad user name/i);
    await expect(connectAs(`u${a.id}s999999`, ca.password)).rejects.toThrow(/Not authorized|bad user name/i);
    await expect(connectAs('coin-publisher', 'guess')).rejects.toThrow(/Not authorized|bad user name/i);
  });

  it("delivers the user's own messages and refuses another user's topic and wildcards", async () => {
    const ca = await credentials(a.token);
    const cb = await credentials(b.token);
    const clientA = await connectAs(ca.username, ca.password);
    const clientB = await connectAs(cb.username, cb.password);
    const granted = await grants(clientA, [
      mqttTopics.user(a.id),
      mqttTopics.user(b.id),
      'coin/user/+',
      'coin/#',
      '#',
    ]);
    expect(granted).toEqual([0, 128, 128, 128, 128]);
    expect(await grants(clientB, [mqttTopics.user(b.id)])).toEqual([0]);
    const gotA = collect(clientA);
    const gotB = collect(clientB);
    ctx.app.realtime.publishUser(a.id, 'USER_STATUS', { userId: a.id, status: 'online' });
    ctx.app.realtime.publishUser(b.id, 'USER_STATUS', { userId: b.id, status: 'online' });
    for (let i = 0; i < 50 && (gotA.length === 0 || gotB.length === 0); i++) await sleep(50);
    await sleep(200);
    expect(gotA).toEqual([
      {
        topic: mqttTopics.user(a.id),
        payload: JSON.stringify({ type: 'USER_STATUS', data: { userId: a.id, status: 'online' } }),
      },
    ]);
    expect(gotB.map((m) => m.topic)).toEqual([mqttTopics.user(b.id)]);
  });

  it('never lets a client publish', async () => {
    const ca = await credentials(a.token);
    const cb = await credentials(b.token);
    const listener = await connectAs(cb.username, cb.password);
    await listener.subscribeAsync(mqttTopics.user(b.id));
    const self = await connectAs(ca.username, ca.password);
    await self.subscribeAsync(mqttTopics.user(a.id));
    const gotB = collect(listener);
    const gotA = collect(self);
    const fake = JSON.stringify({ type: 'OWNCOIN', data: { fake: true } });
    // QoS 1: the broker acknowledges (MQTT 3.1.1 has no refusal) but delivers nothing.
    await self.publishAsync(mqttTopics.user(b.id), fake, { qos: 1 }).catch(() => undefined);
    await self.publishAsync(mqttTopics.user(a.id), fake, { qos: 1 }).catch(() => undefined);
    self.publish(mqttTopics.user(a.id), fake);
    await sleep(500);
    expect(gotB).toEqual([]);
    expect(gotA).toEqual([]);
  });

  it('rotates on a new request and revokes on logout', async () => {
    const login = await registerAndLogin(ctx.app);
    const first = await credentials(login.token);
    const second = await credentials(login.token);
    expect(second.username).toBe(first.username);
    expect(second.password).not.toBe(first.password);
    await expect(connectAs(first.username, first.password)).rejects.toThrow(/Not authorized|bad user name/i);
    const client = await connectAs(second.username, second.password);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    const out = await call(ctx.app, { method: 'POST', url: '/api/user/logout', headers: auth(login.token) });
    expect(out.status).toBe(200);
    await closed;
    await expect(connectAs(second.username, second.password)).rejects.toThrow(
      /Not authorized|bad user name/i,
    );
  });

  it('the sweep deletes the logins of sessions that are no longer live, and only those', async () => {
    const manager = new MqttAccessManager(await DynsecAdmin.connect(URL, 'admin', ADMIN_PASSWORD));
    try {
      const live = await manager.issue('900001', 987654320n, ['coin/user/900001']);
      const dead = await manager.issue('900001', 987654321n, ['coin/user/900001']);
      const client = await connectAs(dead.username, dead.password);
      const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
      const deleted = await manager.sweep(async (sessionId) => sessionId !== 987654321n);
      expect(deleted).toBe(1);
      await closed;
      await expect(connectAs(dead.username, dead.password)).rejects.toThrow(/Not authorized|bad user name/i);
      const ok = await connectAs(live.username, live.password);
      expect(await grants(ok, ['coin/user/900001', 'coin/user/900002'])).toEqual([0, 128]);
    } finally {
      await manager.close();
    }
  });
});
