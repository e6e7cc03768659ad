// The chat service and customer service (issue 14): visitor sessions, the spec's sendChatRecord and
// getChatRecord with the text rules and paging by 15, chat images (images only, readers only),
// ownership (nobody reads another's thread), the join of a visitor's thread on login, the support inbox
// (states, assignment, replies, canned answers, user context, roles, audit) and live delivery (private
// websocket, MQTT chat-key topic, visitor and operator chat sockets).
import { randomBytes } from 'node:crypto';
import { CHAT_IMAGE_PREFIX } from '@coin/shared/chat';
import { count, desc, eq } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, chatMessages, chatThreads, chatVisitors } from '@/db/schema';
import { ManualClock } from '@/lib/clock';
import { VisitorService } from '@/modules/chat/visitor-service';
import { mqttTopics } from '@/realtime/mqtt';
import { createOperator } from './console-helpers';
import {
  auth,
  bootstrapAdmin,
  call,
  createTestApp,
  expectError,
  registerAndLogin,
  type TestContext,
} from './helpers';
import { baseUrl, openWs, type TestWs } from './realtime-ws-client';
import { pngBytes } from './wallet-kit';

const API = '/api/mjkj-web/coin';
let ctx: TestContext;
let admin: string;
let support: { token: string; id: string };
const sockets: TestWs[] = [];
const mqttClients: MqttClient[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  admin = (await bootstrapAdmin(ctx.app)).token;
  support = await createOperator(ctx, admin, 'agent_amy', 'support');
});
afterAll(async () => {
  for (const s of sockets) s.close();
  for (const c of mqttClients) c.end(true);
  await ctx.close();
});

interface Msg {
  id: string;
  chat_id: string;
  blade_user_id: string;
  sender_type: string;
  content: string;
  content_type: string;
}
interface ChatPage {
  records: Msg[];
  total: number;
  hasMore: boolean;
  me: string;
  state: string;
}

type Who = { token: string } | { visitor: string };
const headersOf = (who: Who, lang = 'en') =>
  'token' in who ? { ...auth(who.token), lang } : { 'visitor-token': who.visitor, lang };

async function newVisitor(): Promise<{ visitor: string }> {
  const res = await call<{ token: string }>(ctx.app, { method: 'POST', url: `${API}/support/visitor` });
  expect(res.status).toBe(200);
  return { visitor: res.body.data.token };
}
async function threadOf(who: Who) {
  const res = await call<{ chatKey: string; state: string; me: string; unread: number }>(ctx.app, {
    method: 'POST',
    url: `${API}/support/thread`,
    headers: headersOf(who),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}
const send = (who: Who, chatId: string, content: string, contentType = '1') =>
  call<Msg>(ctx.app, {
    method: 'POST',
    url: `${API}/buy/sendChatRecord`,
    headers: headersOf(who),
    payload: { chatId, content, contentType },
  });
const history = (who: Who, chatKey: string, current = 1, lang = 'en') =>
  call<ChatPage>(ctx.app, {
    method: 'POST',
    url: `${API}/buy/getChatRecord/${chatKey}`,
    headers: headersOf(who, lang),
    payload: { current, size: 15 },
  });

function imageForm(chatId: string | undefined, bytes: Buffer, contentType = 'image/png') {
  const boundary = `----chat${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  if (chatId !== undefined)
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="chatId"\r\n\r\n${chatId}\r\n`),
    );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const uploadImage = (who: Who, chatId: string | undefined, bytes: Buffer) => {
  const form = imageForm(chatId, bytes);
  return call<{ link: string }>(ctx.app, {
    method: 'POST',
    url: `${API}/buy/uploadChatImage`,
    headers: { ...headersOf(who), ...form.headers },
    payload: form.payload,
  });
};
const messageCount = async () => (await ctx.db.select({ n: count() }).from(chatMessages))[0]?.n ?? 0;

describe('visitor chat and the spec calls', () => {
  it('lets a visitor chat, enforces the text rules and pages history by 15', async () => {
    const v = await newVisitor();
    const t = await threadOf(v);
    expect(t).toMatchObject({ state: 'new', unread: 0 });
    expect(t.me).toMatch(/^visitor-\d+$/);
    // The same visitor gets the same thread.
    expect((await threadOf(v)).chatKey).toBe(t.chatKey);

    const before = await messageCount();
    expectError(await send(v, t.chatKey, '   \n\t '), 422, 'CHAT_TEXT_EMPTY');
    expect((await send(v, t.chatKey, '   ')).body.msg).toContain('Text cannot be empty');
    expectError(await send(v, t.chatKey, 'x'.repeat(401)), 422, 'CHAT_TEXT_TOO_LONG');
    expect(await messageCount()).toBe(before);
    expect((await send(v, t.chatKey, 'y'.repeat(400))).status).toBe(200);

    for (let i = 1; i <= 15; i++) expect((await send(v, t.chatKey, `message ${i}`)).status).toBe(200);
    const page1 = await history(v, t.chatKey, 1);
    expect(page1.body.data.records).toHaveLength(15);
    expect(page1.body.data.hasMore).toBe(true);
    expect(page1.body.data.total).toBe(16);
    expect(page1.body.data.records.at(-1)?.content).toBe('message 15');
    expect(page1.body.data.records[0]?.content).toBe('message 1');
    expect(page1.body.data.records.every((m) => m.blade_user_id === t.me)).toBe(true);
    const page2 = await history(v, t.chatKey, 2);
    expect(page2.body.data.records.map((m) => m.content)).toEqual(['y'.repeat(400)]);
    expect(page2.body.data.hasMore).toBe(false);
  });

  it('needs a user or visitor; a bad visitor token is refused', async () => {
    const v = await newVisitor();
    const t = await threadOf(v);
    expectError(await call(ctx.app, { method: 'POST', url: `${API}/support/thread` }), 401, 'AUTH_REQUIRED');
    expectError(await send({ visitor: 'nope' }, t.chatKey, 'hi'), 401, 'CHAT_VISITOR_INVALID');
    expectError(await send({ token: 'nope' }, t.chatKey, 'hi'), 401, 'AUTH_TOKEN_INVALID');
    const bad = await call(ctx.app, {
      method: 'POST',
      url: `${API}/buy/sendChatRecord`,
      headers: headersOf(v),
      payload: { chatId: t.chatKey, content: 'hi', extra: 1 },
    });
    expect(bad.status).toBe(400);
  });
});

describe('ownership', () => {
  it('never lets a user read or write another user thread', async () => {
    const a = await registerAndLogin(ctx.app);
    const b = await registerAndLogin(ctx.app);
    const ta = await threadOf({ token: a.token });
    expect(ta.me).toBe(a.user.id);
    await send({ token: a.token }, ta.chatKey, 'my secret');
    const before = await messageCount();
    expectError(await history({ token: b.token }, ta.chatKey), 404, 'CHAT_NOT_FOUND');
    expectError(await send({ token: b.token }, ta.chatKey, 'intrude'), 404, 'CHAT_NOT_FOUND');
    const v = await newVisitor();
    expectError(await history(v, ta.chatKey), 404, 'CHAT_NOT_FOUND');
    expectError(await history({ token: b.token }, 'f'.repeat(32)), 404, 'CHAT_NOT_FOUND');
    expect(await messageCount()).toBe(before);
    // B cannot upload into A's thread either.
    expectError(await uploadImage({ token: b.token }, ta.chatKey, pngBytes()), 404, 'CHAT_NOT_FOUND');
    // B's own thread is another one.
    expect((await threadOf({ token: b.token })).chatKey).not.toBe(ta.chatKey);
  });
});

describe('chat images', () => {
  it('accepts images only, and only links uploaded to the thread by the sender', async () => {
    const a = await registerAndLogin(ctx.app);
    const b = await registerAndLogin(ctx.app);
    const ta = await threadOf({ token: a.token });
    const tb = await threadOf({ token: b.token });
    expectError(
      await uploadImage({ token: a.token }, ta.chatKey, Buffer.from('<svg onload="x()"></svg>')),
      415,
      'UPLOAD_NOT_IMAGE',
    );
    expectError(
      await uploadImage({ token: a.token }, ta.chatKey, Buffer.from('%PDF-1.4 ...')),
      415,
      'UPLOAD_NOT_IMAGE',
    );
    expect((await uploadImage({ token: a.token }, undefined, pngBytes())).status).toBe(400);

    const up = await uploadImage({ token: a.token }, ta.chatKey, pngBytes());
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.data.link.startsWith(CHAT_IMAGE_PREFIX)).toBe(true);
    const sent = await send({ token: a.token }, ta.chatKey, up.body.data.link, '2');
    expect(sent.body.data).toMatchObject({ content_type: '2', content: up.body.data.link });

    // Someone else's image, an external URL, a text as image: refused.
    expectError(
      await send({ token: b.token }, tb.chatKey, up.body.data.link, '2'),
      422,
      'CHAT_IMAGE_INVALID',
    );
    expectError(
      await send({ token: a.token }, ta.chatKey, 'https://evil.example/x.png', '2'),
      422,
      'CHAT_IMAGE_INVALID',
    );
    expectError(
      await send({ token: a.token }, ta.chatKey, `${CHAT_IMAGE_PREFIX}../../etc/passwd`, '2'),
      422,
      'CHAT_IMAGE_INVALID',
    );

    const name = up.body.data.link.slice(CHAT_IMAGE_PREFIX.length);
    const own = await ctx.app.inject({
      method: 'GET',
      url: `${CHAT_IMAGE_PREFIX}${name}`,
      headers: auth(a.token),
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    const agent = await ctx.app.inject({
      method: 'GET',
      url: `${CHAT_IMAGE_PREFIX}${name}`,
      headers: auth(support.token),
    });
    expect(agent.statusCode).toBe(200);
    for (const headers of [auth(b.token), {}]) {
      const res = await ctx.app.inject({ method: 'GET', url: `${CHAT_IMAGE_PREFIX}${name}`, headers });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('visitor thread joins the account on login', () => {
  it('turns the visitor thread into the user thread and ends the visitor token', async () => {
    const v = await newVisitor();
    const vt = await threadOf(v);
    await send(v, vt.chatKey, 'question before login');
    await send(v, vt.chatKey, 'second question');
    const u = await registerAndLogin(ctx.app);
    const joined = await call<{ chatKey: string; me: string }>(ctx.app, {
      method: 'POST',
      url: `${API}/support/join`,
      headers: auth(u.token),
      payload: { visitorToken: v.visitor },
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(joined.body.data.chatKey).toBe(vt.chatKey);
    const page = await history({ token: u.token }, joined.body.data.chatKey);
    expect(page.body.data.records.map((m) => [m.blade_user_id, m.content])).toEqual([
      [u.user.id, 'question before login'],
      [u.user.id, 'second question'],
      ['-1', 'Messages written before signing in were added to this conversation.'],
    ]);
    expect((await threadOf({ token: u.token })).chatKey).toBe(vt.chatKey);
    // The visitor token is over: no reading, no writing, no second join.
    expectError(await history(v, vt.chatKey), 401, 'CHAT_VISITOR_INVALID');
    expectError(await send(v, vt.chatKey, 'still here?'), 401, 'CHAT_VISITOR_INVALID');
    const again = await call(ctx.app, {
      method: 'POST',
      url: `${API}/support/join`,
      headers: auth(u.token),
      payload: { visitorToken: v.visitor },
    });
    expectError(again, 401, 'CHAT_VISITOR_INVALID');
  });

  it('moves the visitor messages into a thread the user already has', async () => {
    const u = await registerAndLogin(ctx.app);
    const ut = await threadOf({ token: u.token });
    await send({ token: u.token }, ut.chatKey, 'earlier as user');
    const v = await newVisitor();
    const vt = await threadOf(v);
    await send(v, vt.chatKey, 'later as visitor');
    const joined = await call<{ chatKey: string }>(ctx.app, {
      method: 'POST',
      url: `${API}/support/join`,
      headers: auth(u.token),
      payload: { visitorToken: v.visitor },
    });
    expect(joined.body.data.chatKey).toBe(ut.chatKey);
    const page = await history({ token: u.token }, ut.chatKey, 1, 'zh');
    expect(page.body.data.records.map((m) => m.content)).toEqual([
      'earlier as user',
      'later as visitor',
      '登录前发送的消息已并入此会话。',
    ]);
    expect(await ctx.db.select().from(chatThreads).where(eq(chatThreads.chatKey, vt.chatKey))).toHaveLength(
      0,
    );
  });
});

describe('support inbox', () => {
  const A = '/api/admin/support';
  it('moves a conversation through new, open, waiting and closed, with assignment and replies', async () => {
    const u = await registerAndLogin(ctx.app);
    const t = await threadOf({ token: u.token });
    await send({ token: u.token }, t.chatKey, 'Where is my deposit?');
    const list = await call<{
      records: Array<{ chatKey: string; state: string; unread: number; owner: { account: string } }>;
    }>(ctx.app, { method: 'GET', url: `${A}/threads?state=new`, headers: auth(support.token) });
    const row = list.body.data.records.find((r) => r.chatKey === t.chatKey);
    expect(row).toMatchObject({ state: 'new', unread: 1, owner: { account: u.account } });

    const assigned = await call<{ state: string; assignee: { username: string } }>(ctx.app, {
      method: 'POST',
      url: `${A}/threads/${t.chatKey}/assign`,
      headers: auth(support.token),
      payload: {},
    });
    expect(assigned.body.data).toMatchObject({ state: 'open', assignee: { username: 'agent_amy' } });
    const reply = await call<Msg>(ctx.app, {
      method: 'POST',
      url: `${A}/threads/${t.chatKey}/messages`,
      headers: auth(support.token),
      payload: { content: 'Let me check that for you.', contentType: '1' },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.data.blade_user_id).toBe(`op-${support.id}`);
    const detail = await call<{ state: string; customer: { account: string; email: string } }>(ctx.app, {
      method: 'GET',
      url: `${A}/threads/${t.chatKey}`,
      headers: auth(support.token),
    });
    expect(detail.body.data.state).toBe('waiting');
    expect(detail.body.data.customer.account).toBe(u.account);
    // Support sees contacts masked.
    expect(detail.body.data.customer.email).toContain('****');

    const userView = await history({ token: u.token }, t.chatKey);
    expect(userView.body.data.records.map((m) => [m.sender_type, m.content])).toEqual([
      ['user', 'Where is my deposit?'],
      ['system', 'A support agent has joined the conversation.'],
      ['operator', 'Let me check that for you.'],
    ]);
    await send({ token: u.token }, t.chatKey, 'Thanks');
    const open = await call<{ state: string }>(ctx.app, {
      method: 'GET',
      url: `${A}/threads/${t.chatKey}`,
      headers: auth(support.token),
    });
    expect(open.body.data.state).toBe('open');
    const closed = await call<{ state: string }>(ctx.app, {
      method: 'POST',
      url: `${A}/threads/${t.chatKey}/close`,
      headers: auth(support.token),
      payload: {},
    });
    expect(closed.body.data.state).toBe('closed');
    await send({ token: u.token }, t.chatKey, 'One more thing');
    const reopened = await call<{ state: string }>(ctx.app, {
      method: 'GET',
      url: `${A}/threads/${t.chatKey}`,
      headers: auth(support.token),
    });
    expect(reopened.body.data.state).toBe('open');
    const counts = await call<Record<string, number>>(ctx.app, {
      method: 'GET',
      url: `${A}/counts`,
      headers: auth(support.token),
    });
    expect(counts.body.data.open).toBeGreaterThanOrEqual(1);

    const actions = (await ctx.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(3)).map(
      (a) => a.action,
    );
    expect(actions).toEqual(['support.close', 'support.reply', 'support.assign']);
  });

  it('keeps canned answers per language and refuses other roles', async () => {
    const created = await call<{ id: string }>(ctx.app, {
      method: 'POST',
      url: `${A}/canned`,
      headers: auth(support.token),
      payload: { lang: 'zh', title: '问候', body: '您好，请问有什么可以帮您？' },
    });
    expect(created.status).toBe(200);
    await call(ctx.app, {
      method: 'POST',
      url: `${A}/canned`,
      headers: auth(support.token),
      payload: { lang: 'en', title: 'Hi', body: 'Hello, how can I help?' },
    });
    const zh = await call<Array<{ lang: string; title: string }>>(ctx.app, {
      method: 'GET',
      url: `${A}/canned?lang=zh`,
      headers: auth(support.token),
    });
    expect(zh.body.data.map((c) => c.title)).toEqual(['问候']);
    const updated = await call<{ body: string }>(ctx.app, {
      method: 'PUT',
      url: `${A}/canned/${created.body.data.id}`,
      headers: auth(support.token),
      payload: { lang: 'zh', title: '问候', body: '您好！' },
    });
    expect(updated.body.data.body).toBe('您好！');
    expect(
      (
        await call(ctx.app, {
          method: 'DELETE',
          url: `${A}/canned/${created.body.data.id}`,
          headers: auth(support.token),
        })
      ).status,
    ).toBe(200);
    expectError(
      await call(ctx.app, {
        method: 'DELETE',
        url: `${A}/canned/${created.body.data.id}`,
        headers: auth(support.token),
      }),
      404,
      'SUPPORT_CANNED_NOT_FOUND',
    );

    const reviewer = await createOperator(ctx, admin, 'rev_rob', 'reviewer');
    const user = await registerAndLogin(ctx.app);
    expect(
      (await call(ctx.app, { method: 'GET', url: `${A}/threads`, headers: auth(reviewer.token) })).status,
    ).toBe(403);
    expect(
      (await call(ctx.app, { method: 'GET', url: `${A}/threads`, headers: auth(user.token) })).status,
    ).toBe(401);
    expect((await call(ctx.app, { method: 'GET', url: `${A}/threads`, headers: auth(admin) })).status).toBe(
      200,
    );
    const badAssignee = await call(ctx.app, {
      method: 'POST',
      url: `${A}/threads/${(await threadOf({ token: user.token })).chatKey}/assign`,
      headers: auth(support.token),
      payload: { operatorId: reviewer.id },
    });
    expectError(badAssignee, 422, 'SUPPORT_ASSIGNEE_INVALID');
  });
});

describe('live delivery', () => {
  it('reaches the user (private websocket and MQTT chat topic), the visitor and the operators', async () => {
    const u = await registerAndLogin(ctx.app);
    const t = await threadOf({ token: u.token });
    const ws = baseUrl(ctx.app);
    const userWs = await openWs(`${ws}/ws/coin/${u.user.id}`, ['coin-auth', u.token]);
    const opWs = await openWs(`${ws}/ws/chat/operator`, ['coin-auth', support.token]);
    sockets.push(userWs, opWs);

    const client = await mqtt.connectAsync(`${ws}/mqtt`, {
      username: u.user.id,
      password: u.token,
      keepalive: 5,
      reconnectPeriod: 0,
      protocolVersion: 4,
    });
    mqttClients.push(client);
    const other = await registerAndLogin(ctx.app);
    const otherThread = await threadOf({ token: other.token });
    const granted = await new Promise<number[]>((resolve) =>
      client.subscribe([mqttTopics.chat(t.chatKey), mqttTopics.chat(otherThread.chatKey)], (err, g) => {
        const packet = (err as { packet?: { granted?: number[] } } | null)?.packet;
        resolve(packet?.granted ?? (g ?? []).map((x) => x.qos));
      }),
    );
    expect(granted).toEqual([0, 128]);
    const viaMqtt = new Promise<string>((resolve) =>
      client.on('message', (_topic, payload) => resolve(payload.toString())),
    );

    await send({ token: u.token }, t.chatKey, 'hello support');
    const opFrame = await opWs.next((f) => f.type === 'CHAT' && (f.data as Msg).content === 'hello support');
    expect((opFrame.data as Msg).chat_id).toBe(t.chatKey);
    await opWs.next((f) => f.type === 'CHAT_THREAD' && (f.data as { chatKey: string }).chatKey === t.chatKey);

    await call(ctx.app, {
      method: 'POST',
      url: `/api/admin/support/threads/${t.chatKey}/messages`,
      headers: auth(support.token),
      payload: { content: 'hello customer' },
    });
    const userFrame = await userWs.next(
      (f) => f.type === 'CHAT' && (f.data as Msg).content === 'hello customer',
    );
    expect((userFrame.data as Msg).sender_type).toBe('operator');
    expect(JSON.parse(await viaMqtt).type).toBe('CHAT');

    // A visitor gets live replies on the chat socket; a bad visitor token is refused before the upgrade.
    const v = await newVisitor();
    const vt = await threadOf(v);
    await expect(openWs(`${ws}/ws/chat/visitor`, ['coin-auth', 'bad'])).rejects.toThrow(/HTTP 401/);
    await expect(openWs(`${ws}/ws/chat/operator`, ['coin-auth', u.token])).rejects.toThrow(/HTTP 40/);
    const visitorWs = await openWs(`${ws}/ws/chat/visitor`, ['coin-auth', v.visitor]);
    sockets.push(visitorWs);
    await send(v, vt.chatKey, 'visitor here');
    await opWs.next((f) => f.type === 'CHAT' && (f.data as Msg).content === 'visitor here');
    await call(ctx.app, {
      method: 'POST',
      url: `/api/admin/support/threads/${vt.chatKey}/messages`,
      headers: auth(support.token),
      payload: { content: 'hi visitor' },
    });
    await visitorWs.next((f) => f.type === 'CHAT' && (f.data as Msg).content === 'hi visitor');
    // Unread for the visitor until the history is read.
    expect((await threadOf(v)).unread).toBe(1);
    await history(v, vt.chatKey);
    expect((await threadOf(v)).unread).toBe(0);
  });
});

describe('expired visitor sessions are pruned', () => {
  it('deletes sessions that expired unjoined, and their threads only when nobody wrote in them', async () => {
    const silent = await newVisitor();
    const silentThread = await threadOf(silent);
    const talker = await newVisitor();
    const talkerThread = await threadOf(talker);
    expect((await send(talker, talkerThread.chatKey, 'anyone there?')).status).toBe(200);
    const joiner = await newVisitor();
    await threadOf(joiner);
    const u = await registerAndLogin(ctx.app);
    const joined = await call(ctx.app, {
      method: 'POST',
      url: `${API}/support/join`,
      headers: auth(u.token),
      payload: { visitorToken: joiner.visitor },
    });
    expect(joined.status).toBe(200);
    const idOf = (me: string) => BigInt(me.replace('visitor-', ''));
    const visitorRow = async (id: bigint) =>
      (await ctx.db.select().from(chatVisitors).where(eq(chatVisitors.id, id)))[0];
    const threadRow = async (chatKey: string) =>
      (await ctx.db.select().from(chatThreads).where(eq(chatThreads.chatKey, chatKey)))[0];

    // Before expiry nothing goes.
    const ttl = 30 * 24 * 3_600_000;
    const soon = new VisitorService(
      ctx.db,
      new ManualClock(new Date(ctx.clock.now().getTime() + ttl - 60_000)),
      ttl,
    );
    await soon.prune();
    expect(await visitorRow(idOf(silentThread.me))).toBeDefined();

    const later = new VisitorService(
      ctx.db,
      new ManualClock(new Date(ctx.clock.now().getTime() + ttl + 60_000)),
      ttl,
    );
    // Batches: one at a time until none is left.
    let rounds = 0;
    while ((await later.prune(1)) === 1) rounds++;
    expect(rounds).toBeGreaterThanOrEqual(2);
    expect(await visitorRow(idOf(silentThread.me))).toBeUndefined();
    expect(await threadRow(silentThread.chatKey)).toBeUndefined();
    expect(await visitorRow(idOf(talkerThread.me))).toBeUndefined();
    // The thread with a message stays for the support history, its message with it.
    expect(await threadRow(talkerThread.chatKey)).toBeDefined();
    // A session that joined an account is not pruned.
    const joinedRows = await ctx.db
      .select()
      .from(chatVisitors)
      .where(eq(chatVisitors.joinedUserId, BigInt(u.user.id)));
    expect(joinedRows).toHaveLength(1);
    // A pruned token is refused like an unknown one.
    expectError(await send(silent, silentThread.chatKey, 'hello?'), 401, 'CHAT_VISITOR_INVALID');
  });
});
