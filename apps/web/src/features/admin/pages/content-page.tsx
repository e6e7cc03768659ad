// The operator CMS (admin role; docs/content.md): news, notices and help articles with a text per
// language (English required: it is the fallback), the help centre's category tree with names per
// language, publish / unpublish, and a preview rendered by the server's sanitizer. Every save and status
// change is in the audit log.
import { CONTENT_KINDS, type ContentKind } from '@coin/shared/content';
import { LANGUAGES, type Language } from '@coin/shared/languages';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Drawer,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichHtml } from '@/components/rich-html';
import { LANGUAGE_NAMES } from '@/i18n/language-names';
import { isApiError } from '@/lib/api-client';
import { useFormatTime } from '@/lib/format-time';
import {
  type CmsCategory,
  type CmsItemRow,
  cmsKeys,
  createCmsCategory,
  createCmsItem,
  getCmsItem,
  listCmsCategories,
  listCmsItems,
  previewMarkdown,
  setCmsCategoryStatus,
  setCmsItemStatus,
  updateCmsCategory,
  updateCmsItem,
} from '../api/content-admin-api';
import { serverPages } from '../lib/table-pages';

/** The live facts an article may quote (server: content-facts.ts). */
const LIVE_FACTS = ['spotMakerFee', 'spotTakerFee', 'swapFee', 'securityFundShare', 'brand']
  .map((f) => `{{${f}}}`)
  .join(' ');

type Texts = Partial<Record<Language, { title: string; summary: string; markdown: string }>>;

function categoryName(c: CmsCategory): string {
  return c.names.find((n) => n.lang === 'en')?.name ?? c.sectionCode;
}

function StatusTag({ status, id }: { status: string; id: string }) {
  const { t } = useTranslation('cms');
  return (
    <Tag color={status === 'published' ? 'green' : 'default'} data-testid={`cms-status-${id}`}>
      {t(`status.${status}`)}
    </Tag>
  );
}

function errorText(error: unknown): string | null {
  return isApiError(error) ? error.msg : null;
}

function ItemEditor({ kind, id, onClose }: { kind: ContentKind; id: string | null; onClose: () => void }) {
  const { t } = useTranslation('cms');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [lang, setLang] = useState<Language>('en');
  const [texts, setTexts] = useState<Texts>({});
  const [code, setCode] = useState('');
  const [sort, setSort] = useState(0);
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [loadedId, setLoadedId] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const existing = useQuery({
    queryKey: cmsKeys.item(id ?? 'new'),
    queryFn: () => getCmsItem(id ?? ''),
    enabled: id !== null,
  });
  const categories = useQuery({
    queryKey: cmsKeys.categories,
    queryFn: listCmsCategories,
    enabled: kind === 'article',
  });
  if (existing.data && loadedId !== existing.data.id) {
    setLoadedId(existing.data.id);
    setCode(existing.data.code ?? '');
    setSort(existing.data.sort);
    setCategoryId(existing.data.categoryId);
    const next: Texts = {};
    for (const tr of existing.data.translations) next[tr.lang as Language] = tr;
    setTexts(next);
  }
  const current = texts[lang] ?? { title: '', summary: '', markdown: '' };
  const update = (patch: Partial<typeof current>) => {
    setTexts((all) => ({ ...all, [lang]: { ...current, ...patch } }));
    setPreview(null);
  };
  const body = () => ({
    kind,
    code: code.trim() === '' ? null : code.trim(),
    sort,
    categoryId: kind === 'article' ? categoryId : null,
    translations: LANGUAGES.flatMap((l) => {
      const tr = texts[l];
      return tr && tr.title.trim() !== ''
        ? [{ lang: l, title: tr.title, summary: tr.summary, markdown: tr.markdown }]
        : [];
    }),
  });
  const save = useMutation({
    mutationFn: () => (id === null ? createCmsItem(body()) : updateCmsItem(id, body())),
    onSuccess: () => {
      message.success(t('saved'));
      void qc.invalidateQueries({ queryKey: cmsKeys.all });
      onClose();
    },
  });
  const previewRun = useMutation({
    mutationFn: () => previewMarkdown(current.markdown),
    onSuccess: (r) => setPreview(r.html),
  });
  return (
    <Drawer
      open
      width={760}
      onClose={onClose}
      title={id === null ? t(`new.${kind}`) : t('edit')}
      extra={
        <Button type="primary" onClick={() => save.mutate()} loading={save.isPending} data-testid="cms-save">
          {t('save')}
        </Button>
      }
    >
      <Form layout="vertical">
        <Space wrap>
          <Form.Item label={t('fields.code')} help={t('fields.codeHelp')}>
            <Input
              value={code}
              onChange={(e) => setCode(e.target.value)}
              data-testid="cms-code"
              style={{ width: 220 }}
            />
          </Form.Item>
          <Form.Item label={t('fields.sort')}>
            <InputNumber value={sort} onChange={(v) => setSort(Number(v ?? 0))} precision={0} />
          </Form.Item>
          {kind === 'article' ? (
            <Form.Item label={t('fields.category')}>
              <Select
                style={{ width: 220 }}
                value={categoryId ?? undefined}
                allowClear
                onChange={(v) => setCategoryId(v ?? null)}
                options={(categories.data ?? []).map((c) => ({
                  value: c.id,
                  label: `${c.pid === '0' ? '' : '— '}${categoryName(c)}`,
                }))}
                data-testid="cms-category"
              />
            </Form.Item>
          ) : null}
        </Space>
        <Form.Item label={t('fields.language')}>
          <Select<Language>
            value={lang}
            onChange={setLang}
            data-testid="cms-lang"
            style={{ width: 260 }}
            options={LANGUAGES.map((l) => ({
              value: l,
              label: `${LANGUAGE_NAMES[l]}${texts[l]?.title ? ' ✓' : ''}${l === 'en' ? ` (${t('required')})` : ''}`,
            }))}
          />
        </Form.Item>
        <Form.Item label={t('fields.title')} required={lang === 'en'}>
          <Input
            value={current.title}
            onChange={(e) => update({ title: e.target.value })}
            maxLength={200}
            data-testid="cms-title"
          />
        </Form.Item>
        <Form.Item label={t('fields.summary')} help={t('fields.summaryHelp')}>
          <Input
            value={current.summary}
            onChange={(e) => update({ summary: e.target.value })}
            maxLength={500}
            data-testid="cms-summary"
          />
        </Form.Item>
        <Form.Item label={t('fields.markdown')} help={`${t('fields.markdownHelp')} ${LIVE_FACTS}`}>
          <Input.TextArea
            value={current.markdown}
            onChange={(e) => update({ markdown: e.target.value })}
            autoSize={{ minRows: 8, maxRows: 20 }}
            data-testid="cms-markdown"
          />
        </Form.Item>
        {save.isError && errorText(save.error) ? (
          <Typography.Text type="danger" data-testid="cms-error">
            {errorText(save.error)}
          </Typography.Text>
        ) : null}
        <div>
          <Button
            onClick={() => previewRun.mutate()}
            loading={previewRun.isPending}
            data-testid="cms-preview"
          >
            {t('preview')}
          </Button>
        </div>
        {preview !== null ? (
          <div className="cms-preview" data-testid="cms-preview-html">
            <RichHtml html={preview} testId="cms-preview-body" />
          </div>
        ) : null}
      </Form>
    </Drawer>
  );
}

function ItemsTab({ kind }: { kind: ContentKind }) {
  const { t } = useTranslation('cms');
  const fmt = useFormatTime();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [current, setCurrent] = useState(1);
  const [editing, setEditing] = useState<{ id: string | null } | null>(null);
  const query = useQuery({
    queryKey: cmsKeys.items(kind, current),
    queryFn: () => listCmsItems(kind, current),
    placeholderData: keepPreviousData,
  });
  const status = useMutation({
    mutationFn: ({ id, publish }: { id: string; publish: boolean }) => setCmsItemStatus(id, publish),
    onSuccess: (item) => message.success(t(item.status === 'published' ? 'published' : 'unpublished')),
    onSettled: () => void qc.invalidateQueries({ queryKey: cmsKeys.all }),
  });
  return (
    <>
      <div className="admin-page-head">
        <span />
        <Button type="primary" onClick={() => setEditing({ id: null })} data-testid={`cms-new-${kind}`}>
          {t(`new.${kind}`)}
        </Button>
      </div>
      <Table<CmsItemRow>
        rowKey="id"
        size="small"
        loading={query.isLoading}
        dataSource={query.data?.records ?? []}
        pagination={serverPages(current, query.data?.total, setCurrent)}
        scroll={{ x: 760 }}
        onRow={(r) => ({ 'data-testid': `cms-row-${r.id}` }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          {
            title: t('fields.title'),
            dataIndex: 'title',
            render: (v: string, r) => <span data-testid={`cms-title-${r.id}`}>{v}</span>,
          },
          { title: t('fields.code'), dataIndex: 'code', width: 160 },
          {
            title: t('cols.status'),
            width: 110,
            render: (_, r) => <StatusTag status={r.status} id={r.id} />,
          },
          {
            title: t('cols.languages'),
            width: 100,
            render: (_, r) => `${r.langs.length} / ${LANGUAGES.length}`,
          },
          { title: t('cols.updated'), width: 170, render: (_, r) => fmt(r.updatedAt) },
          {
            title: t('cols.actions'),
            width: 200,
            render: (_, r) => (
              <Space>
                <Button
                  size="small"
                  onClick={() => setEditing({ id: r.id })}
                  data-testid={`cms-edit-${r.id}`}
                >
                  {t('edit')}
                </Button>
                {r.status === 'published' ? (
                  <Button
                    size="small"
                    onClick={() => status.mutate({ id: r.id, publish: false })}
                    data-testid={`cms-unpublish-${r.id}`}
                  >
                    {t('unpublish')}
                  </Button>
                ) : (
                  <Button
                    size="small"
                    type="primary"
                    onClick={() => status.mutate({ id: r.id, publish: true })}
                    data-testid={`cms-publish-${r.id}`}
                  >
                    {t('publish')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      {editing ? <ItemEditor kind={kind} id={editing.id} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

function CategoryEditor({
  category,
  all,
  onClose,
}: {
  category: CmsCategory | null;
  all: CmsCategory[];
  onClose: () => void;
}) {
  const { t } = useTranslation('cms');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [pid, setPid] = useState(category?.pid ?? '0');
  const [code, setCode] = useState(category?.sectionCode ?? '');
  const [sort, setSort] = useState(category?.sort ?? 0);
  const [names, setNames] = useState<Partial<Record<Language, string>>>(() =>
    Object.fromEntries((category?.names ?? []).map((n) => [n.lang, n.name])),
  );
  const body = () => ({
    pid,
    sectionCode: code.trim(),
    sort,
    names: LANGUAGES.flatMap((l) => (names[l]?.trim() ? [{ lang: l, name: names[l]?.trim() ?? '' }] : [])),
  });
  const save = useMutation({
    mutationFn: () => (category ? updateCmsCategory(category.id, body()) : createCmsCategory(body())),
    onSuccess: () => {
      message.success(t('saved'));
      void qc.invalidateQueries({ queryKey: cmsKeys.all });
      onClose();
    },
  });
  return (
    <Drawer
      open
      width={520}
      onClose={onClose}
      title={category ? t('edit') : t('new.category')}
      extra={
        <Button
          type="primary"
          onClick={() => save.mutate()}
          loading={save.isPending}
          data-testid="cms-cat-save"
        >
          {t('save')}
        </Button>
      }
    >
      <Form layout="vertical">
        <Form.Item label={t('fields.parent')}>
          <Select
            value={pid}
            onChange={setPid}
            data-testid="cms-cat-parent"
            options={[
              { value: '0', label: t('root') },
              ...all
                .filter((c) => c.id !== category?.id)
                .map((c) => ({ value: c.id, label: categoryName(c) })),
            ]}
          />
        </Form.Item>
        <Form.Item label={t('fields.code')} help={t('fields.codeHelp')}>
          <Input value={code} onChange={(e) => setCode(e.target.value)} data-testid="cms-cat-code" />
        </Form.Item>
        <Form.Item label={t('fields.sort')}>
          <InputNumber value={sort} onChange={(v) => setSort(Number(v ?? 0))} precision={0} />
        </Form.Item>
        {LANGUAGES.map((l) => (
          <Form.Item key={l} label={`${LANGUAGE_NAMES[l]}${l === 'en' ? ` (${t('required')})` : ''}`}>
            <Input
              value={names[l] ?? ''}
              onChange={(e) => {
                const value = e.target.value;
                setNames((n) => ({ ...n, [l]: value }));
              }}
              maxLength={100}
              data-testid={`cms-cat-name-${l}`}
            />
          </Form.Item>
        ))}
        {save.isError && errorText(save.error) ? (
          <Typography.Text type="danger">{errorText(save.error)}</Typography.Text>
        ) : null}
      </Form>
    </Drawer>
  );
}

function CategoriesTab() {
  const { t } = useTranslation('cms');
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<{ category: CmsCategory | null } | null>(null);
  const query = useQuery({ queryKey: cmsKeys.categories, queryFn: listCmsCategories });
  const all = query.data ?? [];
  const status = useMutation({
    mutationFn: ({ id, publish }: { id: string; publish: boolean }) => setCmsCategoryStatus(id, publish),
    onSuccess: (c) => message.success(t(c.status === 'published' ? 'published' : 'unpublished')),
    onSettled: () => void qc.invalidateQueries({ queryKey: cmsKeys.all }),
  });
  return (
    <>
      <div className="admin-page-head">
        <span className="admin-muted">{t('treeExplain')}</span>
        <Button type="primary" onClick={() => setEditing({ category: null })} data-testid="cms-cat-new">
          {t('new.category')}
        </Button>
      </div>
      <Table<CmsCategory>
        rowKey="id"
        size="small"
        loading={query.isLoading}
        dataSource={all}
        pagination={false}
        scroll={{ x: 700 }}
        onRow={(r) => ({ 'data-testid': `cms-cat-row-${r.id}` }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: t('fields.name'), render: (_, r) => `${r.pid === '0' ? '' : '— '}${categoryName(r)}` },
          { title: t('fields.code'), dataIndex: 'sectionCode', width: 160 },
          {
            title: t('fields.parent'),
            width: 160,
            render: (_, r) =>
              r.pid === '0' ? t('root') : categoryName(all.find((c) => c.id === r.pid) ?? r),
          },
          {
            title: t('cols.languages'),
            width: 100,
            render: (_, r) => `${r.names.length} / ${LANGUAGES.length}`,
          },
          {
            title: t('cols.status'),
            width: 110,
            render: (_, r) => <StatusTag status={r.status} id={`cat-${r.id}`} />,
          },
          {
            title: t('cols.actions'),
            width: 200,
            render: (_, r) => (
              <Space>
                <Button size="small" onClick={() => setEditing({ category: r })}>
                  {t('edit')}
                </Button>
                <Button
                  size="small"
                  onClick={() => status.mutate({ id: r.id, publish: r.status !== 'published' })}
                  data-testid={`cms-cat-${r.status === 'published' ? 'unpublish' : 'publish'}-${r.id}`}
                >
                  {r.status === 'published' ? t('unpublish') : t('publish')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {editing ? (
        <CategoryEditor category={editing.category} all={all} onClose={() => setEditing(null)} />
      ) : null}
    </>
  );
}

export function ContentPage() {
  const { t } = useTranslation('cms');
  const { t: ta } = useTranslation('admin');
  return (
    <section>
      <Typography.Title level={3}>{ta('nav.content')}</Typography.Title>
      <p className="admin-muted">{t('explain')}</p>
      <Tabs
        destroyOnHidden
        items={[
          ...CONTENT_KINDS.map((kind) => ({
            key: kind,
            label: <span data-testid={`cms-tab-${kind}`}>{t(`kinds.${kind}`)}</span>,
            children: <ItemsTab kind={kind} />,
          })),
          {
            key: 'categories',
            label: <span data-testid="cms-tab-categories">{t('kinds.categories')}</span>,
            children: <CategoriesTab />,
          },
        ]}
      />
    </section>
  );
}
