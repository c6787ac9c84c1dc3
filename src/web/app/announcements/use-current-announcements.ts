import type { Announcement } from '../../../shared/announcements/announcements.schemas';
import { useAnnouncements, useDismissAnnouncement } from '../../lib/api/get-announcements';
import { translate } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { useSession } from '../session/use-session';
import { dismissForVisitor, useVisitorDismissals } from './visitor-dismissals';

export interface CurrentAnnouncements {
  /** Live announcements for this person, pinned first then newest, with `dismissed` from the server or this browser. */
  announcements: Announcement[];
  isPending: boolean;
  isError: boolean;
  errorMessage: string | null;
  refetch: () => void;
  /** Hides an urgent announcement's banner for this person (the server for a signed-in person, this browser for a visitor). */
  dismiss: (announcement: Announcement) => void;
}

/** The announcements the landing page, the coach dashboard and the urgent banner show: one query, one set of dismissals. */
export function useCurrentAnnouncements(): CurrentAnnouncements {
  const auth = useSession();
  const viewerId = auth.session?.profile.id ?? null;
  const query = useAnnouncements(viewerId, auth.status !== 'loading');
  const dismissOnServer = useDismissAnnouncement(viewerId);
  const visitorDismissed = useVisitorDismissals();
  const signedIn = auth.status === 'signed-in';

  const announcements = (query.data ?? []).map((a) => (signedIn || !visitorDismissed.includes(a.id) ? a : { ...a, dismissed: true }));

  return {
    announcements,
    isPending: query.isPending,
    isError: query.isError,
    errorMessage: query.error?.message ?? null,
    refetch: () => void query.refetch(),
    dismiss: (announcement) => {
      if (!signedIn) {
        dismissForVisitor(announcement.id);
        toast(translate('common', 'announcement.dismissed'));
        return;
      }
      dismissOnServer.mutate(announcement.id, {
        onSuccess: () => toast(translate('common', 'announcement.dismissed')),
        onError: (err) => toast.error(translate('common', 'announcement.dismissFailed', { error: err.message })),
      });
    },
  };
}
