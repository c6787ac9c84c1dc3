import { ComingSoonPage } from '../../../components/ui/coming-soon-page';

// Issue 13: this screen is being built.
export function PracticeRequestPage() {
  return <ComingSoonPage title="Practice request" description="Ask the league for a practice time that is not on the board; an admin approves or declines it." />;
}
