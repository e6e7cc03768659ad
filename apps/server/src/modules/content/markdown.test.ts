// The kept sanitizer (issue 14): whatever an operator types, the HTML a reader gets has no scripts, no
// event handlers and no javascript: links.
import { describe, expect, it } from 'vitest';
import { plainText, renderMarkdown, sanitizeHtml } from './markdown';

describe('renderMarkdown', () => {
  it('renders ordinary Markdown', () => {
    const html = renderMarkdown(
      '# Title\n\nSome **bold** and a [link](https://example.com/a).\n\n- one\n- two',
    );
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain(
      '<a href="https://example.com/a" rel="noopener noreferrer nofollow" target="_blank">link</a>',
    );
    expect(html).toContain('<li>one</li>');
  });

  it('removes script elements with their content', () => {
    const html = renderMarkdown(
      'Hello\n\n<script>alert(document.cookie)</script>\n\n<SCRIPT src="//x"></SCRIPT>',
    );
    expect(html.toLowerCase()).not.toContain('<script');
    expect(html).not.toContain('alert(');
    expect(html).toContain('Hello');
  });

  it('removes event handler attributes', () => {
    const html = renderMarkdown(
      '<img src="https://example.com/a.png" onerror="alert(1)"> <a href="https://e.com" onclick="steal()">x</a> <p onmouseover="x()">p</p>',
    );
    expect(html).not.toMatch(/\son\w+=/i);
    expect(html).toContain('src="https://example.com/a.png"');
  });

  it('removes javascript:, vbscript: and data: links, also obfuscated ones', () => {
    for (const md of [
      '[click](javascript:alert(1))',
      '<a href="javascript:alert(1)">click</a>',
      '<a href="JaVaScRiPt:alert(1)">click</a>',
      '<a href="jav&#x09;ascript:alert(1)">click</a>',
      '<a href=" javascript:alert(1)">click</a>',
      '<a href="vbscript:msgbox(1)">click</a>',
      '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
      '![x](javascript:alert(1))',
    ]) {
      const html = renderMarkdown(md);
      expect(html.toLowerCase(), md).not.toContain('javascript:');
      expect(html.toLowerCase(), md).not.toContain('vbscript:');
      expect(html.toLowerCase(), md).not.toContain('data:');
    }
  });

  it('removes frames, forms, styles and inline styles', () => {
    const html = renderMarkdown(
      '<iframe src="https://evil.example"></iframe><form action="/x"><input name="a"></form><style>body{display:none}</style><p style="position:fixed">t</p><object data="x"></object><svg onload="alert(1)"></svg>',
    );
    for (const bad of [
      '<iframe',
      '<form',
      '<input',
      '<style',
      'style=',
      '<object',
      '<svg',
      'onload',
      'display:none',
    ]) {
      expect(html.toLowerCase()).not.toContain(bad);
    }
    expect(html).toContain('t');
  });

  it('keeps relative links and mailto, drops protocol-relative ones', () => {
    expect(renderMarkdown('[help](/article/main/index)')).toContain('href="/article/main/index"');
    expect(renderMarkdown('[mail](mailto:help@example.com)')).toContain('href="mailto:help@example.com"');
    expect(renderMarkdown('<a href="//evil.example/x">x</a>')).not.toContain('evil.example');
  });
});

describe('sanitizeHtml and plainText', () => {
  it('polices HTML given directly', () => {
    expect(sanitizeHtml('<b onclick="x()">b</b><script>x()</script>')).toBe('<b>b</b>');
  });
  it('makes summaries without tags', () => {
    expect(plainText('<p>Hello <b>world</b></p><script>x</script>')).toBe('Hello world');
    expect(plainText(`<p>${'a'.repeat(300)}</p>`, 10)).toHaveLength(10);
  });
});
