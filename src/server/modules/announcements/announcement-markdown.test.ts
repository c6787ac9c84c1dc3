import { describe, expect, it } from 'vitest';
import { isAllowedLink, renderAnnouncementMarkdown } from './announcement-markdown';

/** Every opening tag in the output with its attributes (the renderer's output is well-formed: quotes never hold a '>'). */
function tagsOf(html: string): Array<{ name: string; attributes: Record<string, string> }> {
  return [...html.matchAll(/<([a-zA-Z0-9]+)([^>]*)>/g)].map(([, name, rest]) => ({
    name: name!.toLowerCase(),
    attributes: Object.fromEntries([...rest!.matchAll(/([^\s=]+)(?:="([^"]*)")?/g)].map(([, key, value]) => [key!.toLowerCase(), value ?? ''])),
  }));
}

const HOSTILE = [
  '<script>alert(1)</script>',
  '[x](javascript:alert(1))',
  '[x](JAVASCRIPT:alert(1))',
  '[x](  javascript:alert(1))',
  '[x](java&#x09;script:alert(1))',
  '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[x](vbscript:msgbox(1))',
  '[x](//evil.example/steal) [y](/admin-announcements) [z](evil.example)',
  '<img src=x onerror=alert(1)>',
  '![beacon](https://evil.example/pixel.gif)',
  '![beacon][pixel]\n\n[pixel]: https://evil.example/ref-pixel.gif',
  '<iframe src="https://evil.example/frame"></iframe>',
  '<a href="javascript:alert(1)">raw</a>',
  '<javascript:alert(1)>',
  '<svg onload=alert(1)>',
  '<div style="background:url(https://evil.example/bg.gif)">styled</div>',
].join('\n\n');

describe('renderAnnouncementMarkdown with a hostile sample', () => {
  const html = renderAnnouncementMarkdown(HOSTILE);

  it('never emits a script, an image, a frame or any tag outside the small Markdown set', () => {
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/<iframe/i);
    expect(html).not.toMatch(/<svg/i);
    expect(html).not.toMatch(/<div/i);
    const allowed = new Set([
      'p',
      'a',
      'strong',
      'em',
      'code',
      'pre',
      'ul',
      'ol',
      'li',
      'blockquote',
      'br',
      'hr',
      'h4',
      'h5',
      'h6',
      's',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
    ]);
    expect(
      tagsOf(html)
        .map((t) => t.name)
        .filter((n) => !allowed.has(n)),
    ).toEqual([]);
  });

  it('has no dangerous link and no event-handler or style attribute', () => {
    expect(html).not.toMatch(/href="\s*javascript/i);
    expect(html).not.toMatch(/href="\s*data/i);
    expect(html).not.toMatch(/href="\s*vbscript/i);
    // The raw <a href="javascript:…"> is shown as text, never as a tag.
    expect(html).not.toContain('<a href="javascript');
    expect(html).toContain('&lt;a href=&quot;javascript:alert(1)&quot;&gt;raw&lt;/a&gt;');
    const attributes = tagsOf(html).flatMap((t) => Object.keys(t.attributes));
    expect(attributes.filter((a) => a.startsWith('on'))).toEqual([]);
    expect(attributes.filter((a) => !['href', 'target', 'rel', 'start', 'style'].includes(a))).toEqual([]);
    // markdown-it writes a table cell's alignment as style; nothing else may, and the sample has no table.
    expect(attributes).not.toContain('style');
  });

  it('links only to absolute http(s) addresses (the evil ones here came from inside the shown text, not from a link)', () => {
    const hrefs = tagsOf(html)
      .filter((t) => t.name === 'a')
      .map((t) => t.attributes.href);
    // The only links the sample makes are the https addresses written inside the escaped raw HTML (linkify):
    // shown as text, they are as harmless as a link a person typed.
    expect(hrefs).toEqual(['https://evil.example/frame', 'https://evil.example/bg.gif']);
  });

  it('shows an image as its alt text, so a beacon is never fetched', () => {
    expect(html).toContain('<p>beacon</p>');
    expect(html).not.toContain('pixel.gif');
    expect(html).not.toContain('ref-pixel.gif');
  });
});

describe('renderAnnouncementMarkdown with ordinary Markdown', () => {
  it('keeps https and mailto links, opening in a new tab without passing the page on', () => {
    const html = renderAnnouncementMarkdown('See [the fields](https://cgsl.example.org/fields) or write to [the board](mailto:board@cgsl.example.org).');
    expect(html).toBe(
      '<p>See <a href="https://cgsl.example.org/fields" target="_blank" rel="nofollow noopener noreferrer">the fields</a> or write to ' +
        '<a href="mailto:board@cgsl.example.org" target="_blank" rel="nofollow noopener noreferrer">the board</a>.</p>\n',
    );
  });

  it('renders emphasis, lists and headings (from level 4, under the page’s own headings)', () => {
    const html = renderAnnouncementMarkdown('# Rain plan\n\n**Fields 1-3** are _closed_.\n\n- Check the board\n- Bring boots');
    expect(html).toContain('<h4>Rain plan</h4>');
    expect(html).toContain('<strong>Fields 1-3</strong> are <em>closed</em>.');
    expect(html).toContain('<ul>\n<li>Check the board</li>\n<li>Bring boots</li>\n</ul>');
  });

  it('turns a bare web address into a link', () => {
    expect(renderAnnouncementMarkdown('Details at https://cgsl.example.org/rain')).toContain('<a href="https://cgsl.example.org/rain"');
  });
});

describe('isAllowedLink', () => {
  it.each(['https://cgsl.example.org', 'http://example.com/a?b=c', 'HTTPS://EXAMPLE.COM', 'mailto:someone@example.org'])('allows %s', (url) => {
    expect(isAllowedLink(url)).toBe(true);
  });
  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,x',
    'vbscript:x',
    '//evil.example',
    '/relative',
    'evil.example',
    'https://',
    'mailto:',
    'ftp://example.com',
    'file:///etc/passwd',
  ])('refuses %s', (url) => {
    expect(isAllowedLink(url)).toBe(false);
  });
});
