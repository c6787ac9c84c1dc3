import { ComingSoonPage } from '../../../components/ui/coming-soon-page';

// Issue 13: this screen is being built.
export function AnnouncementsAdminPage() {
  return <ComingSoonPage title="Announcements" description="Announcements." />;
}
