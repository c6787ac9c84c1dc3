import { ComingSoonPage } from '../../../components/ui/coming-soon-page';

// Issue 13: this screen is being built.
export function ContactPage() {
  return <ComingSoonPage title="Contact the league" description="Send a message to the league’s organizers; they answer by email." />;
}
