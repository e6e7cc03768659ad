// Shows HTML that the server rendered from Markdown and sanitized (apps/server/src/modules/content/
// markdown.ts: no scripts, no event handlers, no javascript: links). Only that server output may be
// passed here; nothing typed in the browser.
import './rich-html.css';

export function RichHtml({ html, testId = 'rich-html' }: { html: string; testId?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server by the kept policy.
  return <div className="rich-html" data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}
