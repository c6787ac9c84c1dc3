import type { MessageKey, MessageValues } from '../../../shared/i18n/catalogues';
import type { Locale } from '../../../shared/i18n/locales';
import { words } from '../../i18n/words';

/** The `mail` catalogue's words in the recipient's language: `mailWords('es')('bookingCreated.subject', { team })`. */
export const mailWords =
  (locale: Locale = 'en') =>
  (key: MessageKey<'mail'>, values?: MessageValues): string =>
    words(locale, 'mail', key, values);

/** What a message says, before it is laid out as plain text and simple HTML. */
export interface MailContent {
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Why the person gets this, and where to change it (the footer). */
  footer?: string;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Every email in one plain layout: the league's name, the heading, the paragraphs, one button-like link (also
 * written out in full, for text-only readers) and a footer. Inline styles only: mail clients drop style sheets.
 * `locale` is the recipient's language (the content is already in it): the layout's own words follow it.
 */
export function layoutMail(leagueName: string, content: MailContent, locale: Locale): { text: string; html: string } {
  const text = [
    leagueName,
    '',
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.footer ? ['--', content.footer] : []),
  ].join('\n');
  const html = `<!doctype html><html><body style="margin:0;padding:24px;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 16px;font-size:14px;font-weight:bold;color:#1e3a8a">${escape(leagueName)}</p>
<h1 style="margin:0 0 16px;font-size:20px">${escape(content.heading)}</h1>
${content.paragraphs.map((p) => `<p style="margin:0 0 12px;font-size:16px;line-height:1.5">${escape(p)}</p>`).join('\n')}
${content.action ? `<p style="margin:20px 0"><a href="${escape(content.action.url)}" style="display:inline-block;background:#1e3a8a;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:bold">${escape(content.action.label)}</a></p>\n<p style="margin:0 0 12px;font-size:13px;color:#4b5563">${escape(words(locale, 'mail', 'layout.orOpen', { url: content.action.url }))}</p>` : ''}
${content.footer ? `<p style="margin:24px 0 0;font-size:12px;color:#6b7280">${escape(content.footer)}</p>` : ''}
</div></body></html>`;
  return { text, html };
}
