import MarkdownIt, { type RendererRule } from 'markdown-it';

/**
 * Announcement Markdown to HTML, on the server only (decision 019). What it allows is small on purpose:
 * - `html: false`: raw HTML (a <script>, an <iframe>, an <a href="javascript:…">) is shown as text, never as HTML;
 * - no images: `![alt](url)` becomes its alt text, so an image beacon never loads;
 * - links only to absolute http(s) URLs with a host and to mailto: addresses; anything else (javascript:, data:,
 *   vbscript:, relative and protocol-relative paths) stays plain text. Every link opens in a new tab with
 *   `rel="nofollow noopener noreferrer"`;
 * - headings start at level 4: a page shows an announcement under its own h2 and h3.
 */
const md = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: true });

/** Only these link targets become links. markdown-it hands over the URL after normalizing (percent-encoding) it. */
export function isAllowedLink(url: string): boolean {
  const value = url.trim();
  if (/^mailto:/i.test(value)) return /^mailto:[^\s@/]+@[^\s@/]+$/i.test(value);
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const parsed = new URL(value);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname.length > 0;
  } catch {
    return false;
  }
}

md.validateLink = isAllowedLink;

md.renderer.rules.link_open = (tokens, idx, options, _env, self) => {
  const token = tokens[idx]!;
  token.attrSet('target', '_blank');
  token.attrSet('rel', 'nofollow noopener noreferrer');
  return self.renderToken(tokens, idx, options);
};

// An image is written as the words of its alt text: the reader learns what it was, and nothing is fetched.
md.renderer.rules.image = (tokens, idx) => md.utils.escapeHtml(tokens[idx]!.content);

const HEADING_OFFSET = 3;
const shiftHeading: RendererRule = (tokens, idx, options, _env, self) => {
  const token = tokens[idx]!;
  token.tag = `h${Math.min(6, Number(token.tag.slice(1)) + HEADING_OFFSET)}`;
  return self.renderToken(tokens, idx, options);
};
md.renderer.rules.heading_open = shiftHeading;
md.renderer.rules.heading_close = shiftHeading;

const cache = new Map<string, string>();
const CACHE_MAX = 500;

/** The safe HTML of an announcement's Markdown. Pure: the same body always gives the same HTML. */
export function renderAnnouncementMarkdown(body: string): string {
  const hit = cache.get(body);
  if (hit !== undefined) return hit;
  const html = md.render(body);
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(body, html);
  return html;
}
