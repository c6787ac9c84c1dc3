import { useId } from 'react';
import { Link } from 'react-router';
import type { MessageKey } from '../../../shared/i18n/catalogues';
import { LOCALE_NAMES, LOCALES } from '../../../shared/i18n/locales';
import { useLeagueName } from '../../lib/api/get-league';
import { cx } from '../../lib/cx';
import { useT } from '../../lib/i18n';
import { useChooseLocale } from '../session/use-profile-locale';

const footerLinks: ReadonlyArray<{ to: string; label: MessageKey<'common'> }> = [
  { to: '/clinics', label: 'footer.clinics' },
  { to: '/schedule-sync', label: 'footer.scheduleSync' },
  { to: '/contact', label: 'footer.contact' },
  { to: '/diag', label: 'footer.diagnostics' },
];

/** Spec §2: the footer shows the league copyright, in the name the league's admin set, and the language switch. */
export function SiteFooter() {
  const { t } = useT('common');
  const leagueName = useLeagueName();
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm text-slate-700 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between sm:px-6">
        <p>{t('footer.copyright', { year: String(year), league: leagueName })}</p>
        <nav aria-label={t('nav.footer')}>
          <ul className="flex flex-wrap gap-x-1 gap-y-1">
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="flex min-h-11 items-center rounded px-2 text-primary-700 underline-offset-4 hover:underline">
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <LanguageSwitch />
      </div>
    </footer>
  );
}

/**
 * English | Español, for everyone (decision 038): each language in its own name, so a person who cannot read the
 * page still finds theirs. A pair of toggle buttons; the chosen one is pressed.
 */
function LanguageSwitch() {
  const { t } = useT('common');
  const labelId = useId();
  const { locale, choose } = useChooseLocale();
  return (
    <div role="group" aria-labelledby={labelId} className="flex items-center gap-2">
      <span id={labelId}>{t('language.label')}</span>
      <div className="flex gap-1">
        {LOCALES.map((l) => (
          <button
            key={l}
            type="button"
            lang={l}
            aria-pressed={l === locale}
            onClick={() => void choose(l)}
            className={cx(
              'inline-flex min-h-11 items-center rounded-lg border px-3 font-semibold',
              l === locale ? 'border-primary-800 bg-primary-800 text-white' : 'border-slate-300 bg-white text-primary-800 hover:border-primary-400 hover:bg-primary-50',
            )}
          >
            {LOCALE_NAMES[l]}
          </button>
        ))}
      </div>
    </div>
  );
}
