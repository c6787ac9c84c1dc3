import { Link, useLocation } from 'react-router';
import { PRODUCT_TITLE } from '../../../shared/constants';
import { buttonClasses } from '../../components/ui/button';

export function NotFoundPage() {
  const location = useLocation();
  return (
    <section className="mx-auto max-w-xl py-10 text-center">
      <title>{`Page not found · ${PRODUCT_TITLE}`}</title>
      <p className="text-sm font-semibold tracking-wide text-slate-600 uppercase">404</p>
      <h1 className="mt-1 text-3xl font-bold text-primary-900">Page not found</h1>
      <p className="mt-3 break-words text-slate-700">
        There is no page at <code className="rounded bg-slate-200 px-1">{location.pathname}</code>. Check the address, or start again from
        the home page.
      </p>
      <div className="mt-6 flex justify-center">
        <Link to="/" className={buttonClasses('primary')}>
          Home
        </Link>
      </div>
    </section>
  );
}
