import { PageHeader } from '../../../components/ui/page-header';

// Placeholder wired into the router; the real screen is being built (issue 9).
export function ForgotPasswordPage() {
  return (
    <section>
      <PageHeader title="Forgot password" />
    </section>
  );
}
