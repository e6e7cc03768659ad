// Markdown to safe HTML: the one way article, news and notice text becomes HTML (kept sanitizer, issue 14).
// marked turns Markdown (with any raw HTML an author typed) into HTML; sanitize-html then keeps only the
// tags, attributes and URL schemes listed here. Scripts, styles, frames, forms, event handler attributes
// (onclick ...), inline styles and javascript:/data:/vbscript: links are removed; links get
// rel="noopener noreferrer nofollow". Both are well-kept libraries; this file only holds the policy.
// markdown.test.ts proves the removals.
import { Marked } from 'marked';
import sanitize from 'sanitize-html';

const marked = new Marked({ gfm: true, breaks: false, async: false });

export const SANITIZE_OPTIONS: sanitize.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'ul',
    'ol',
    'li',
    'strong',
    'b',
    'em',
    'i',
    'del',
    's',
    'code',
    'pre',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['align'],
    td: ['align'],
    ol: ['start'],
    code: ['class'],
  },
  allowedClasses: { code: [/^language-[\w-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Script and style bodies go with their tags (never left behind as text).
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      const external = /^https?:\/\//i.test(href);
      return {
        tagName,
        attribs: {
          ...attribs,
          rel: 'noopener noreferrer nofollow',
          ...(external ? { target: '_blank' } : {}),
        },
      };
    },
  },
};

/** Sanitized HTML only: the policy above applied to any HTML. */
export function sanitizeHtml(html: string): string {
  return sanitize(html, SANITIZE_OPTIONS);
}

/** Markdown (raw HTML allowed in, policed out) to HTML that is safe to put in a page. */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown) as string;
  return sanitizeHtml(html);
}

/** Plain text of rendered HTML, for summaries (tags stripped, entities kept as typed). */
export function plainText(html: string, max = 200): string {
  const text = sanitize(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
