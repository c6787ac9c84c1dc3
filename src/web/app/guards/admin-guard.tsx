import { Outlet } from 'react-router';
import { Loading } from '../../components/ui/loading';
import { AdminLayout } from '../../features/admin/components/admin-layout';
import { NotAuthorizedPage } from '../../features/auth/components/not-authorized-page';
import { useSession } from '../session/use-session';

/** Spec §6: every admin route sits behind this; non-admins (visitors included) get the not-authorized page. */
export function AdminGuard() {
  const auth = useSession();
  if (auth.status === 'loading') return <Loading />;
  if (!auth.isAdmin) return <NotAuthorizedPage signedIn={auth.status === 'signed-in'} />;
  return (
    <AdminLayout>
      <Outlet />
    </AdminLayout>
  );
}
