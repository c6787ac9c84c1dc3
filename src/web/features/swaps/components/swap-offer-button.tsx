import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { RichText, useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useMySwaps } from '../api/get-my-swaps';
import { practiceWhen, sentMessage, SWAPS_ID } from '../swap-words';
import { useSwapsUser } from '../use-swaps-user';
import { SwapOfferDialog, type OfferedPractice } from './swap-offer-dialog';

/**
 * "Offer a swap" on one of the team's upcoming practices (My Reservations puts it on each card a coach may still
 * cancel): it opens the offer dialog. Nothing while the league has swaps off; "On offer to Orioles" while an offer of
 * this practice is open. After Send, focus moves to that line, which replaces the button.
 */
export function SwapOfferButton({ booking, timeZone }: { booking: OfferedPractice; timeZone: string }) {
  const { t } = useT('swaps');
  const { userId, coach } = useSwapsUser();
  const mine = useMySwaps(userId, coach);
  const [open, setOpen] = useState(false);
  /** Each opening starts a fresh form. */
  const [opened, setOpened] = useState(0);
  /** Send was pressed and the line saying so is still to take focus. */
  const sent = useRef(false);
  const noteRef = useRef<HTMLDivElement>(null);
  const onOffer = mine.data?.made.find((o) => o.offered.bookingId === booking.id) ?? null;

  // Once the dialog has closed after Send (and given focus back to a button no longer there), the line saying the
  // practice is on offer takes focus.
  useEffect(() => {
    if (!sent.current || open || !onOffer) return;
    const frame = requestAnimationFrame(() => {
      sent.current = false;
      noteRef.current?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [open, onOffer]);

  if (!coach || !mine.data?.swapsEnabled) return null;
  const when = practiceWhen(booking, timeZone);

  return (
    <>
      {onOffer ? (
        <div ref={noteRef} tabIndex={-1} className="basis-full text-sm text-slate-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-600">
          <p>
            <RichText
              ns="swaps"
              k="button.onOffer"
              values={{ team: onOffer.toTeam.name, when: practiceWhen({ startsAt: onOffer.expiresAt }, timeZone) }}
              components={{ 0: <span className="font-semibold text-primary-900" /> }}
            />
          </p>
          <a href={`#${SWAPS_ID}`} className="inline-flex min-h-11 items-center font-semibold text-primary-700 underline underline-offset-4">
            {t('button.see')}
          </a>
        </div>
      ) : (
        <Button
          variant="secondary"
          size="sm"
          // Named with the practice (its visible words first), the same in every browser.
          aria-label={t('button.label', { when, field: booking.fieldName })}
          onClick={() => {
            setOpened((n) => n + 1);
            setOpen(true);
          }}
        >
          {t('button.offer')}
        </Button>
      )}
      {opened > 0 ? (
        <SwapOfferDialog
          key={opened}
          booking={booking}
          timeZone={timeZone}
          userId={userId}
          open={open}
          onClose={() => setOpen(false)}
          onSent={(teamName) => {
            toast.success(sentMessage(t, teamName));
            sent.current = true;
            setOpen(false);
          }}
        />
      ) : null}
    </>
  );
}
