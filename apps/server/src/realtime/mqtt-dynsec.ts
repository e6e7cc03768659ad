// Per-user credentials and topic ACLs on an external Mosquitto (MQTT_URL + MQTT_ADMIN_USERNAME), through
// Mosquitto's dynamic security plugin (docs/realtime.md "External broker"). The platform is the only
// writer of the plugin's configuration: an admin client sends commands on `$CONTROL/dynamic-security/v1`
// and reads the answers on `.../response`.
//
// What it keeps on the broker:
// - default ACL access: everything denied except unsubscribing (no client may publish or subscribe
//   unless a role allows it);
// - role `coin-publisher` (publish to `coin/#`) and its client `coin-publisher`, the platform's own
//   publisher; its password is derived from the admin password, so every process of a cluster computes
//   the same one and none has to store it;
// - per user, role `coin-u<userId>`: subscribe to and receive exactly the user's own topics (exact
//   topics, so a wildcard subscription matches no ACL and is refused), nothing else;
// - per session that asked for credentials, client `u<userId>s<sessionId>` with that role and a random
//   password returned once to the user (never stored by the platform; asking again rotates it). Revoking
//   the session deletes the client (Mosquitto disconnects it); a sweep deletes clients of sessions that
//   ended without a revocation (expiry).
import { createHmac, randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';

export const DYNSEC_TOPIC = '$CONTROL/dynamic-security/v1';
export const PUBLISHER_USERNAME = 'coin-publisher';
const PUBLISHER_ROLE = 'coin-publisher';

export interface DynsecCommand {
  command: string;
  [field: string]: unknown;
}

export interface DynsecResponse {
  command: string;
  error?: string;
  data?: unknown;
}

/** The broker username of a session's MQTT client. */
export function mqttUsername(userId: string, sessionId: bigint | string): string {
  return `u${userId}s${sessionId}`;
}

/** The user and session of a platform-managed username, or undefined for any other client. */
export function parseMqttUsername(username: string): { userId: string; sessionId: bigint } | undefined {
  const m = /^u(\d{1,20})s(\d{1,20})$/.exec(username);
  return m ? { userId: m[1] as string, sessionId: BigInt(m[2] as string) } : undefined;
}

export const userRoleName = (userId: string) => `coin-u${userId}`;

/** The ACLs of a user's role: subscribe to and receive each topic exactly; publishing stays denied. */
export function userRoleAcls(topics: readonly string[]) {
  return topics.flatMap((topic) => [
    { acltype: 'subscribeLiteral', topic, priority: 0, allow: true },
    { acltype: 'publishClientReceive', topic, priority: 0, allow: true },
  ]);
}

/** The platform publisher's password: the same on every process that knows the admin password. */
export function publisherPassword(adminPassword: string): string {
  return createHmac('sha256', adminPassword).update('coin-publisher/v1').digest('base64url');
}

/** Sends dynamic-security commands and waits for their answers (one message at a time, in order). */
export class DynsecAdmin {
  private chain: Promise<unknown> = Promise.resolve();
  private waiting: ((responses: DynsecResponse[]) => void) | undefined;

  private constructor(private readonly client: MqttClient) {
    client.on('message', (_topic, payload) => {
      const resolve = this.waiting;
      if (!resolve) return;
      this.waiting = undefined;
      try {
        const body = JSON.parse(payload.toString()) as { responses?: DynsecResponse[] };
        resolve(body.responses ?? []);
      } catch {
        resolve([]);
      }
    });
  }

  static async connect(url: string, username: string, password: string): Promise<DynsecAdmin> {
    const client = await mqtt.connectAsync(url, {
      username,
      password,
      clientId: `coin-admin-${randomBytes(6).toString('hex')}`,
      reconnectPeriod: 1000,
      connectTimeout: 5000,
    });
    await client.subscribeAsync(`${DYNSEC_TOPIC}/response`, { qos: 1 });
    return new DynsecAdmin(client);
  }

  /** Runs the commands in one message; the answers come back in the same order. */
  run(commands: DynsecCommand[], timeoutMs = 5000): Promise<DynsecResponse[]> {
    const next = this.chain.then(
      () =>
        new Promise<DynsecResponse[]>((resolve, reject) => {
          const timer = setTimeout(() => {
            this.waiting = undefined;
            reject(new Error('dynamic-security: no answer from the broker'));
          }, timeoutMs);
          this.waiting = (responses) => {
            clearTimeout(timer);
            resolve(responses);
          };
          this.client.publish(DYNSEC_TOPIC, JSON.stringify({ commands }), { qos: 1 }, (err) => {
            if (!err) return;
            clearTimeout(timer);
            this.waiting = undefined;
            reject(err);
          });
        }),
    );
    this.chain = next.catch(() => undefined);
    return next;
  }

  /** Like run, but throws on any error other than the ones listed as harmless. */
  async runChecked(commands: DynsecCommand[], harmless: RegExp = /$^/): Promise<DynsecResponse[]> {
    const responses = await this.run(commands);
    const bad = responses.find((r) => r.error !== undefined && !harmless.test(r.error));
    if (bad) throw new Error(`dynamic-security ${bad.command}: ${bad.error}`);
    return responses;
  }

  close(): Promise<void> {
    return this.client.endAsync().then(() => undefined);
  }
}

export interface IssuedCredentials {
  username: string;
  password: string;
  topics: string[];
}

/** The platform's use of the dynamic security plugin. */
export class MqttAccessManager {
  constructor(private readonly admin: DynsecAdmin) {}

  /** Default ACLs and the publisher; idempotent (every process runs it at start). */
  async setup(publisherPass: string): Promise<void> {
    await this.admin.runChecked([
      {
        command: 'setDefaultACLAccess',
        acls: [
          { acltype: 'publishClientSend', allow: false },
          { acltype: 'publishClientReceive', allow: false },
          { acltype: 'subscribe', allow: false },
          { acltype: 'unsubscribe', allow: true },
        ],
      },
    ]);
    await this.admin.runChecked(
      [
        {
          command: 'createRole',
          rolename: PUBLISHER_ROLE,
          acls: [{ acltype: 'publishClientSend', topic: 'coin/#', priority: 0, allow: true }],
        },
        {
          command: 'createClient',
          username: PUBLISHER_USERNAME,
          password: publisherPass,
          roles: [{ rolename: PUBLISHER_ROLE }],
        },
      ],
      /already exists/i,
    );
    // An older publisher client (another admin password): bring the password in line.
    await this.admin.runChecked([
      { command: 'setClientPassword', username: PUBLISHER_USERNAME, password: publisherPass },
    ]);
  }

  /**
   * New credentials for a user's session: the user's role gets exactly `topics`, the session's client a
   * fresh password (an older one of the same session stops working for new connections).
   */
  async issue(userId: string, sessionId: bigint, topics: readonly string[]): Promise<IssuedCredentials> {
    const rolename = userRoleName(userId);
    const acls = userRoleAcls(topics);
    await this.admin.runChecked([{ command: 'createRole', rolename, acls }], /already exists/i);
    // The role existed: bring its ACLs in line (topics the user no longer owns, a chat that ended, drop
    // out). The role is edited in place, never deleted: Mosquitto 2.0.11 crashes when a deleted role that
    // a client still had is created again and that client is changed.
    const [got] = await this.admin.runChecked([{ command: 'getRole', rolename }]);
    const current =
      (got?.data as { role?: { acls?: Array<{ acltype: string; topic: string }> } } | undefined)?.role
        ?.acls ?? [];
    const key = (a: { acltype: string; topic: string }) => `${a.acltype} ${a.topic}`;
    const wanted = new Set(acls.map(key));
    const have = new Set(current.map(key));
    const edits: DynsecCommand[] = [
      ...current
        .filter((a) => !wanted.has(key(a)))
        .map((a) => ({ command: 'removeRoleACL', rolename, acltype: a.acltype, topic: a.topic })),
      ...acls.filter((a) => !have.has(key(a))).map((a) => ({ command: 'addRoleACL', rolename, ...a })),
    ];
    if (edits.length > 0) await this.admin.runChecked(edits, /already exists|not found/i);
    const username = mqttUsername(userId, sessionId);
    const password = randomBytes(24).toString('base64url');
    const [created] = await this.admin.runChecked(
      [{ command: 'createClient', username, password, roles: [{ rolename }] }],
      /already exists/i,
    );
    if (created?.error !== undefined) {
      await this.admin.runChecked([{ command: 'setClientPassword', username, password }]);
    }
    return { username, password, topics: [...topics] };
  }

  /** Deletes the clients of these sessions (the broker disconnects them). */
  async revoke(userId: string, sessionIds: Iterable<bigint>): Promise<void> {
    const commands = [...sessionIds].map((sid) => ({
      command: 'deleteClient',
      username: mqttUsername(userId, sid),
    }));
    if (commands.length > 0) await this.admin.runChecked(commands, /not found/i);
  }

  /** Deletes the clients whose session is no longer live; returns how many. */
  async sweep(isSessionLive: (sessionId: bigint) => Promise<boolean>): Promise<number> {
    const [listed] = await this.admin.runChecked([{ command: 'listClients', verbose: false, count: -1 }]);
    const names = ((listed?.data as { clients?: unknown[] } | undefined)?.clients ?? []).map((c) =>
      typeof c === 'string' ? c : String((c as { username?: string }).username),
    );
    let deleted = 0;
    for (const name of names) {
      const parsed = parseMqttUsername(name);
      if (!parsed || (await isSessionLive(parsed.sessionId).catch(() => true))) continue;
      await this.revoke(parsed.userId, [parsed.sessionId]);
      deleted += 1;
    }
    return deleted;
  }

  close(): Promise<void> {
    return this.admin.close();
  }
}
