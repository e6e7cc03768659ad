// The support inbox (roles support and admin; docs/chat.md): conversations by state (new, open, waiting,
// closed) with unread counts, assignment, replies with text and images, canned answers in the
// conversation's language, and the customer's basic account context. New messages arrive live over the
// operator chat socket (/ws/chat/operator).
import { type ChatMessage, mergeChatMessages } from '@coin/shared/chat';
import { LANGUAGES, type Language } from '@coin/shared/languages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Badge,
  Button,
  Descriptions,
  Drawer,
  Dropdown,
  Empty,
  Form,
  Input,
  List,
  Segmented,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatComposer } from '@/components/chat/chat-composer';
import { ChatMessages } from '@/components/chat/chat-messages';
import { LANGUAGE_NAMES } from '@/i18n/language-names';
import { openChatSocket } from '@/lib/chat-socket';
import { useFormatTime } from '@/lib/format-time';
import { adminBlobUrl } from '../api/admin-client';
import {
  assignThread,
  type CannedAnswer,
  closeThread,
  deleteCanned,
  getThread,
  type InboxRow,
  listAgents,
  listCanned,
  listThreads,
  replyToThread,
  type SupportState,
  saveCanned,
  supportCounts,
  supportKeys,
  threadMessages,
  uploadReplyImage,
} from '../api/support-admin-api';
import { useAdminSession } from '../lib/admin-session';

const STATES: Array<SupportState | 'all'> = ['new', 'open', 'waiting', 'closed', 'all'];
const STATE_COLORS: Record<SupportState, string> = {
  new: 'red',
  open: 'blue',
  waiting: 'gold',
  closed: 'default',
};

function ownerLabel(row: InboxRow, visitor: string) {
  return row.owner.type === 'user' ? (row.owner.account ?? `#${row.owner.userId}`) : visitor;
}

function ThreadView({ chatKey, live }: { chatKey: string; live: ChatMessage[] }) {
  const { t } = useTranslation('cms');
  const fmt = useFormatTime();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const me = useAdminSession((s) => s.operator);
  const detail = useQuery({ queryKey: supportKeys.thread(chatKey), queryFn: () => getThread(chatKey) });
  const agents = useQuery({ queryKey: supportKeys.agents, queryFn: listAgents });
  const canned = useQuery({ queryKey: supportKeys.canned, queryFn: listCanned });
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [insert, setInsert] = useState<{ text: string; key: number } | undefined>(undefined);

  const refreshAll = useCallback(() => {
    void qc.invalidateQueries({ queryKey: supportKeys.all });
  }, [qc]);

  useEffect(() => {
    let cancelled = false;
    setMessages([]);
    setPage(1);
    threadMessages(chatKey, 1).then((p) => {
      if (cancelled) return;
      setMessages(p.records);
      setHasMore(p.hasMore);
      refreshAll();
    });
    return () => {
      cancelled = true;
    };
  }, [chatKey, refreshAll]);

  useEffect(() => {
    const mine = live.filter((m) => m.chat_id === chatKey);
    if (mine.length > 0) setMessages((all) => mergeChatMessages(all, mine));
  }, [live, chatKey]);

  const loadOlder = async () => {
    setLoadingOlder(true);
    try {
      const p = await threadMessages(chatKey, page + 1);
      setMessages((all) => mergeChatMessages(p.records, all));
      setPage(page + 1);
      setHasMore(p.hasMore);
    } finally {
      setLoadingOlder(false);
    }
  };
  const afterSend = (m: ChatMessage) => {
    setMessages((all) => mergeChatMessages(all, [m]));
    refreshAll();
  };
  const assign = useMutation({
    mutationFn: (operatorId?: string) => assignThread(chatKey, operatorId),
    onSuccess: () => {
      message.success(t('support.assigned'));
      refreshAll();
    },
  });
  const close = useMutation({
    mutationFn: (doClose: boolean) => closeThread(chatKey, doClose),
    onSuccess: () => refreshAll(),
  });

  const d = detail.data;
  const lang = (d?.lang ?? 'en') as Language;
  const answers = (canned.data ?? []).filter((c) => c.lang === lang);
  return (
    <div className="support-thread" data-testid="support-thread">
      {d ? (
        <div className="support-thread__head">
          <Space wrap>
            <Typography.Text strong data-testid="support-thread-owner">
              {ownerLabel(d, t('support.visitor'))}
            </Typography.Text>
            <Tag color={STATE_COLORS[d.state]} data-testid="support-thread-state">
              {t(`support.states.${d.state}`)}
            </Tag>
            <Tag>{LANGUAGE_NAMES[lang] ?? lang}</Tag>
          </Space>
          <Space wrap>
            <Button
              size="small"
              onClick={() => assign.mutate(undefined)}
              loading={assign.isPending}
              data-testid="support-assign-me"
            >
              {t('support.assignMe')}
            </Button>
            <Select
              size="small"
              style={{ width: 160 }}
              placeholder={t('support.assignTo')}
              value={d.assignee?.id}
              onChange={(v: string) => assign.mutate(v)}
              options={(agents.data ?? []).map((a) => ({ value: a.id, label: a.username }))}
              data-testid="support-assign"
            />
            {d.state === 'closed' ? (
              <Button size="small" onClick={() => close.mutate(false)} data-testid="support-reopen">
                {t('support.reopen')}
              </Button>
            ) : (
              <Button size="small" danger onClick={() => close.mutate(true)} data-testid="support-close">
                {t('support.close')}
              </Button>
            )}
          </Space>
        </div>
      ) : null}
      <div className="support-thread__body">
        <div className="support-thread__chat">
          <ChatMessages
            messages={messages}
            me={me ? `op-${me.id}` : ''}
            ownSenderTypes={['operator']}
            hasMore={hasMore}
            loadingOlder={loadingOlder}
            onLoadOlder={() => void loadOlder()}
            loadImage={adminBlobUrl}
          />
          <ChatComposer
            insert={insert}
            onSend={async (text) => afterSend(await replyToThread(chatKey, text, '1'))}
            onImage={async (file) =>
              afterSend(await replyToThread(chatKey, await uploadReplyImage(chatKey, file), '2'))
            }
            toolbar={
              <Dropdown
                disabled={answers.length === 0}
                menu={{
                  items: answers.map((c) => ({ key: c.id, label: c.title })),
                  onClick: ({ key }) => {
                    const answer = answers.find((c) => c.id === key);
                    if (answer) setInsert({ text: answer.body, key: Date.now() });
                  },
                }}
              >
                <Button data-testid="support-canned">
                  {t('support.canned')} ({answers.length})
                </Button>
              </Dropdown>
            }
          />
        </div>
        <aside className="support-thread__customer" data-testid="support-customer">
          <Typography.Title level={5}>{t('support.customer')}</Typography.Title>
          {d?.customer ? (
            <Descriptions size="small" column={1}>
              <Descriptions.Item label={t('support.account')}>{d.customer.account}</Descriptions.Item>
              <Descriptions.Item label="ID">{d.customer.id}</Descriptions.Item>
              <Descriptions.Item label={t('support.email')}>{d.customer.email ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('support.phone')}>{d.customer.phone ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('support.grade')}>{d.customer.grade}</Descriptions.Item>
              <Descriptions.Item label={t('support.tier')}>{d.customer.tier}</Descriptions.Item>
              <Descriptions.Item label={t('support.merchant')}>
                {d.customer.isMerchant === 2 ? t('support.yes') : t('support.no')}
              </Descriptions.Item>
              <Descriptions.Item label={t('support.status')}>{d.customer.status}</Descriptions.Item>
              <Descriptions.Item label={t('support.since')}>{fmt(d.customer.createTime)}</Descriptions.Item>
            </Descriptions>
          ) : (
            <Typography.Text type="secondary">{t('support.visitorContext')}</Typography.Text>
          )}
        </aside>
      </div>
    </div>
  );
}

function CannedDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('cms');
  const qc = useQueryClient();
  const canned = useQuery({ queryKey: supportKeys.canned, queryFn: listCanned });
  const [form] = Form.useForm<{ lang: Language; title: string; body: string }>();
  const [editing, setEditing] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (v: { lang: Language; title: string; body: string }) =>
      saveCanned(editing, { ...v, sort: 0 }),
    onSuccess: () => {
      form.resetFields();
      setEditing(null);
      void qc.invalidateQueries({ queryKey: supportKeys.canned });
    },
  });
  const remove = useMutation({
    mutationFn: deleteCanned,
    onSuccess: () => void qc.invalidateQueries({ queryKey: supportKeys.canned }),
  });
  return (
    <Drawer open width={560} onClose={onClose} title={t('support.canned')}>
      <Form form={form} layout="vertical" initialValues={{ lang: 'en' }} onFinish={(v) => save.mutate(v)}>
        <Form.Item name="lang" label={t('fields.language')}>
          <Select
            options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
            data-testid="canned-lang"
          />
        </Form.Item>
        <Form.Item
          name="title"
          label={t('fields.title')}
          rules={[{ required: true, message: t('required') }]}
        >
          <Input maxLength={100} data-testid="canned-title" />
        </Form.Item>
        <Form.Item
          name="body"
          label={t('support.answer')}
          rules={[{ required: true, message: t('required') }]}
        >
          <Input.TextArea maxLength={400} showCount autoSize={{ minRows: 3 }} data-testid="canned-body" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="canned-save">
          {t('save')}
        </Button>
      </Form>
      <Table<CannedAnswer>
        style={{ marginTop: 16 }}
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={canned.data ?? []}
        columns={[
          { title: t('fields.language'), dataIndex: 'lang', width: 70 },
          { title: t('fields.title'), dataIndex: 'title' },
          {
            title: t('cols.actions'),
            width: 150,
            render: (_, r) => (
              <Space>
                <Button
                  size="small"
                  onClick={() => {
                    setEditing(r.id);
                    form.setFieldsValue({ lang: r.lang as Language, title: r.title, body: r.body });
                  }}
                >
                  {t('edit')}
                </Button>
                <Button size="small" danger onClick={() => remove.mutate(r.id)}>
                  {t('delete')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </Drawer>
  );
}

export function SupportPage() {
  const { t } = useTranslation('cms');
  const { t: ta } = useTranslation('admin');
  const fmt = useFormatTime();
  const qc = useQueryClient();
  const token = useAdminSession((s) => s.token);
  const [state, setState] = useState<SupportState | 'all'>('all');
  const [assignee, setAssignee] = useState<'me' | 'none' | 'any'>('any');
  const [selected, setSelected] = useState<string | null>(null);
  const [live, setLive] = useState<ChatMessage[]>([]);
  const [cannedOpen, setCannedOpen] = useState(false);
  const counts = useQuery({ queryKey: supportKeys.counts, queryFn: supportCounts });
  const list = useQuery({
    queryKey: supportKeys.list(state, assignee),
    queryFn: () => listThreads(state, assignee),
  });
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (!token) return;
    return openChatSocket({
      path: '/ws/chat/operator',
      token,
      onFrame: (frame) => {
        if (frame.type === 'CHAT') setLive((all) => [...all.slice(-200), frame.data as ChatMessage]);
        if (frame.type === 'CHAT' || frame.type === 'CHAT_THREAD') {
          // Several frames in a burst refresh the lists once.
          if (pending.current !== undefined) clearTimeout(pending.current);
          pending.current = setTimeout(() => void qc.invalidateQueries({ queryKey: supportKeys.all }), 200);
        }
      },
      onOpen: () => void qc.invalidateQueries({ queryKey: supportKeys.all }),
    });
  }, [token, qc]);

  const rows = list.data?.records ?? [];
  const total =
    (counts.data?.new ?? 0) +
    (counts.data?.open ?? 0) +
    (counts.data?.waiting ?? 0) +
    (counts.data?.closed ?? 0);
  return (
    <section className="support-inbox">
      <div className="admin-page-head">
        <Typography.Title level={3}>{ta('nav.support')}</Typography.Title>
        <Button onClick={() => setCannedOpen(true)} data-testid="canned-manage">
          {t('support.canned')}
        </Button>
      </div>
      <Space wrap style={{ marginBottom: 12 }}>
        <Segmented<SupportState | 'all'>
          value={state}
          onChange={setState}
          data-testid="support-states"
          options={STATES.map((s) => ({
            value: s,
            label: (
              <span data-testid={`support-state-${s}`}>
                {t(`support.states.${s}`)} ({s === 'all' ? total : (counts.data?.[s] ?? 0)})
              </span>
            ),
          }))}
        />
        <Select
          value={assignee}
          onChange={setAssignee}
          style={{ width: 160 }}
          options={[
            { value: 'any', label: t('support.assignees.any') },
            { value: 'me', label: t('support.assignees.me') },
            { value: 'none', label: t('support.assignees.none') },
          ]}
        />
      </Space>
      <div className="support-inbox__grid">
        <List
          className="support-inbox__list"
          loading={list.isLoading}
          dataSource={rows}
          locale={{ emptyText: <Empty description={t('support.none')} /> }}
          renderItem={(r) => (
            <List.Item
              key={r.chatKey}
              className={r.chatKey === selected ? 'is-selected' : undefined}
              onClick={() => setSelected(r.chatKey)}
              data-testid={`support-thread-${r.owner.account ?? r.chatKey}`}
            >
              <List.Item.Meta
                title={
                  <Space>
                    <Badge count={r.unread} size="small" data-testid="support-unread">
                      <span>{ownerLabel(r, t('support.visitor'))}</span>
                    </Badge>
                    <Tag color={STATE_COLORS[r.state]}>{t(`support.states.${r.state}`)}</Tag>
                  </Space>
                }
                description={
                  <>
                    <div className="support-inbox__preview">{r.lastMessagePreview || '—'}</div>
                    <small>
                      {r.lastMessageAt ? fmt(r.lastMessageAt) : ''}{' '}
                      {r.assignee ? `· ${r.assignee.username}` : ''}
                    </small>
                  </>
                }
              />
            </List.Item>
          )}
        />
        <div className="support-inbox__main">
          {selected ? (
            <ThreadView chatKey={selected} live={live} />
          ) : (
            <Empty description={t('support.pick')} />
          )}
        </div>
      </div>
      {cannedOpen ? <CannedDrawer onClose={() => setCannedOpen(false)} /> : null}
    </section>
  );
}
