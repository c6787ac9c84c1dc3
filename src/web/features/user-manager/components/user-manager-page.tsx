import { PageHeader } from '../../../components/ui/page-header';

// Placeholder wired into the router; the real screen is being built (issue 9).
export function UserManagerPage() {
  return (
    <section>
      <PageHeader title="Users and teams" />
    </section>
  );
}
