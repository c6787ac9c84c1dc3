import { Link } from 'react-router';
import { useLeagueName } from '../../lib/api/get-league';

const footerLinks = [
  { to: '/clinics', label: 'Clinics' },
  { to: '/schedule-sync', label: 'Schedule sync' },
  { to: '/contact', label: 'Contact' },
  { to: '/diag', label: 'Diagnostics' },
];

/** Spec §2: the footer shows the league copyright, in the name the league's admin set. */
export function SiteFooter() {
  const leagueName = useLeagueName();
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm text-slate-700 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>
          © {year} {leagueName}
        </p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-1 gap-y-1">
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="flex min-h-11 items-center rounded px-2 text-primary-700 underline-offset-4 hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
