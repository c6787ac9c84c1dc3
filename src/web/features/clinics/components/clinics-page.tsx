import { ComingSoonPage } from '../../../components/ui/coming-soon-page';

// Issue 13: this screen is being built.
export function ClinicsPage() {
  return <ComingSoonPage title="Clinics" description="Skills clinics run by the league: places left, registration and the waitlist." />;
}
