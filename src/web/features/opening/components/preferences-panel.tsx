import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type ScreenReaderInstructions,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../../app/session/use-session';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { RichText, useT, type Translate } from '../../../lib/i18n';
import { openingDateTime, preferenceItemId, preferenceSlotName, type PreferencesPanelProps } from '../../../lib/opening-slots';
import { toast } from '../../../lib/toast';
import { usePreferenceSlots } from '../api/get-preference-slots';
import { useSavePreferences, useTeamListsOpen } from '../api/preferences';
import { PreferenceItem, type MoveControl } from './preferences-item';

/** What a screen reader says on a slot's handle: how to move it with the keyboard. */
export const dragInstructions = (t: Translate<'opening'>): ScreenReaderInstructions => ({ draggable: t('panel.dragInstructions') });

/** "Tue Dec 1, 5:00 pm on Field 1" for a slot of the list, or what is known of it. */
type NameOf = (slotId: string) => string;

/**
 * dnd-kit's live announcements, in words: "Moved Tue Dec 1, 5:00 pm on Field 1 to position 2 of 4." `last` keeps the
 * place last announced during one drag, since dnd-kit also reports the slot over its own place as the drag starts.
 */
export function dragAnnouncements(t: Translate<'opening'>, order: readonly string[], nameOf: NameOf, last: { current: UniqueIdentifier | null }): Announcements {
  /** The slot's name, and the place `at` in the list ("position 2 of 4"). */
  const words = (id: UniqueIdentifier, at: UniqueIdentifier = id) => ({ slot: nameOf(String(id)), position: order.indexOf(String(at)) + 1, count: order.length });
  return {
    onDragStart: ({ active }) => {
      last.current = active.id;
      return t('panel.drag.start', words(active.id));
    },
    onDragOver: ({ active, over }) => {
      const at = over?.id ?? null;
      if (at === last.current) return undefined;
      last.current = at;
      return at === null ? t('panel.drag.outside', words(active.id)) : t('panel.drag.over', words(active.id, at));
    },
    onDragEnd: ({ active, over }) => (over ? t('panel.drag.dropped', words(active.id, over.id)) : t('panel.drag.droppedOutside', words(active.id))),
    onDragCancel: ({ active }) => t('panel.drag.cancel', words(active.id)),
  };
}

/**
 * The slot a refusal names: by id when the server sends it (`details.slotId`), else by the slot's name in its words
 * ("Tue Dec 1, 5:00 pm on Field 1 is not in this round's dates"), commas aside. Null: the refusal is about the list.
 */
export function refusedSlot(error: unknown, slotIds: readonly string[], nameOf: NameOf): string | null {
  if (!(error instanceof ApiError)) return null;
  const named = (error.details as { slotId?: unknown } | undefined)?.slotId;
  if (typeof named === 'string' && slotIds.includes(named)) return named;
  const plain = (text: string) => text.replace(/,/g, '');
  const message = plain(error.message);
  return slotIds.find((id) => message.includes(plain(nameOf(id)))) ?? null;
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/** Whether the instant `at` is still ahead (false once it passes, while the page stays open; false for null). */
function useStillAhead(at: string | null): boolean {
  const [passed, setPassed] = useState<string | null>(() => (at !== null && Date.parse(at) <= Date.now() ? at : null));
  useEffect(() => {
    if (at === null) return;
    // setTimeout waits at most about 24.8 days; a later time shows as ahead until the page is opened again.
    const timer = setTimeout(() => setPassed(at), Math.max(0, Math.min(Date.parse(at) - Date.now(), 2 ** 31 - 1)));
    return () => clearTimeout(timer);
  }, [at]);
  return at !== null && passed !== at;
}

/**
 * "Your preferences" on Book a Field while the round is open: the team's ranked list (#1 the slot it wants most),
 * reordered by dragging (mouse or finger on the slot's name), by keyboard (Space, arrows, Space) or with the up and
 * down buttons; removed one by one; saved as a whole. Loaded only while a round is open (dnd-kit comes with it).
 */
export function PreferencesPanel({ round, teamName, timeZone, slotIds, saved, weekSlots, onChange, onSaved }: PreferencesPanelProps) {
  const { t } = useT('opening');
  const auth = useSession();
  const save = useSavePreferences(round.id, auth.session?.profile.id ?? null);
  // The staged opening (issue 29): a division whose lists open later than the round's says when, until then.
  const listsOpen = useTeamListsOpen(round.id, auth.session?.profile.id ?? null).data ?? null;
  const ownTime = listsOpen?.divisionName && listsOpen.listsOpenAt !== round.opensAt ? listsOpen : null;
  const waiting = useStillAhead(ownTime?.listsOpenAt ?? null);
  const headingId = useId();
  const countId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** The place last announced in a drag (dnd-kit reads it in its own callbacks, never while this renders). */
  const [lastOver] = useState<{ current: UniqueIdentifier | null }>(() => ({ current: null }));
  /** The refusal of the last save, beside the slot it names. */
  const [refusal, setRefusal] = useState<{ slotId: string; message: string } | null>(null);
  /** What the up/down and Remove buttons did, for a screen reader (a drag says it through dnd-kit). */
  const [said, setSaid] = useState('');
  /** After a move or a removal, where the focus goes once the list is drawn again (React may have moved the button). */
  const focusNext = useRef<{ slotId: string; control: MoveControl } | 'heading' | null>(null);

  const { slots, loading, missing } = usePreferenceSlots(slotIds, weekSlots);
  const nameOf: NameOf = (id) => {
    const slot = slots.get(id);
    return slot ? preferenceSlotName(slot, timeZone) : missing.has(id) ? t('panel.slotGone') : t('panel.slot');
  };
  const max = round.maxPreferences;
  const dirty = !sameList(slotIds, saved.slotIds);
  const closes = openingDateTime(round.closesAt, timeZone);

  const sensors = useSensors(
    // A mouse drags after moving a few pixels, so a click on the name does nothing; a finger after a short press,
    // so the page still scrolls under a swipe; the keyboard with Space, the arrows and Space (dnd-kit's defaults).
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  useEffect(() => {
    const next = focusNext.current;
    if (!next) return;
    focusNext.current = null;
    if (next === 'heading') headingRef.current?.focus();
    else document.getElementById(`${preferenceItemId(next.slotId)}${next.control === 'handle' ? '' : `-${next.control}`}`)?.focus();
  });

  const change = (next: string[]) => {
    if (refusal && !next.includes(refusal.slotId)) setRefusal(null);
    onChange(next);
  };

  const move = (slotId: string, by: -1 | 1) => {
    const from = slotIds.indexOf(slotId);
    const to = from + by;
    if (from < 0 || to < 0 || to >= slotIds.length) return;
    change(arrayMove([...slotIds], from, to));
    setSaid(t('panel.moved', { slot: nameOf(slotId), position: to + 1, count: slotIds.length }));
    // The button pressed, unless the slot reached that end of the list: then the other one.
    const atEnd = by === -1 ? to === 0 : to === slotIds.length - 1;
    focusNext.current = { slotId, control: atEnd ? (by === -1 ? 'down' : 'up') : by === -1 ? 'up' : 'down' };
  };

  const remove = (slotId: string) => {
    const index = slotIds.indexOf(slotId);
    const next = slotIds.filter((id) => id !== slotId);
    change(next);
    setSaid(t('panel.removed', { slot: nameOf(slotId), count: next.length, max }));
    const neighbour = next[Math.min(index, next.length - 1)];
    focusNext.current = neighbour ? { slotId: neighbour, control: 'remove' } : 'heading';
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = slotIds.indexOf(String(active.id));
    const to = slotIds.indexOf(String(over.id));
    if (from >= 0 && to >= 0) change(arrayMove([...slotIds], from, to));
  };

  const onSave = () => {
    setRefusal(null);
    const list = [...slotIds];
    save.mutate(list, {
      onSuccess: () => {
        onSaved(list);
        toast.success(
          list.length === 0
            ? t('panel.toast.savedNone', { team: teamName })
            : t('panel.toast.saved', { count: list.length, max, team: teamName, closes }),
        );
      },
      onError: (err) => {
        // The list stays on screen as it was (the page holds it): fix the slot named, or try again.
        const slotId = refusedSlot(err, list, nameOf);
        if (slotId) setRefusal({ slotId, message: err.message });
        toast.error(t('panel.toast.notSaved', { message: err.message }));
      },
    });
  };

  return (
    <section aria-labelledby={headingId} className="rounded-xl border-2 border-accent-400 bg-white p-3 shadow-sm sm:p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-lg font-bold text-primary-900">
          {t('panel.heading')}
        </h2>
        <Link to={`/opening/${encodeURIComponent(round.id)}`} className="inline-flex min-h-11 items-center text-sm font-semibold text-primary-700 underline underline-offset-4">
          {t('panel.howItWorks')}
        </Link>
      </div>
      <p className="text-sm text-slate-700">{t('panel.summary', { team: teamName, max, closes, draw: openingDateTime(round.drawAt, timeZone) })}</p>
      {waiting && ownTime?.divisionName ? (
        <Alert tone="info" className="mt-2">
          {t('panel.listsOpen', { division: ownTime.divisionName, when: openingDateTime(ownTime.listsOpenAt, timeZone) })}
        </Alert>
      ) : null}

      {slotIds.length === 0 ? (
        <p className="mt-3 rounded-lg border-2 border-dashed border-slate-300 px-4 py-5 text-center text-slate-700">
          <RichText ns="opening" k="panel.empty" components={{ 0: <span className="font-semibold" /> }} />
        </p>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ announcements: dragAnnouncements(t, slotIds, nameOf, lastOver), screenReaderInstructions: dragInstructions(t) }}
        >
          <SortableContext items={slotIds as string[]} strategy={verticalListSortingStrategy}>
            <ol aria-describedby={countId} className="mt-3 flex flex-col gap-2">
              {slotIds.map((slotId, index) => (
                <PreferenceItem
                  key={slotId}
                  slotId={slotId}
                  rank={index + 1}
                  count={slotIds.length}
                  name={nameOf(slotId)}
                  slot={slots.get(slotId) ?? null}
                  loading={loading && !slots.has(slotId)}
                  refusal={refusal?.slotId === slotId ? refusal.message : null}
                  onMove={move}
                  onRemove={remove}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}

      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button onClick={onSave} busy={save.isPending}>
          {t('panel.save')}
        </Button>
        <p id={countId} className="text-sm text-slate-800">
          <RichText
            ns="opening"
            k={dirty ? 'panel.rankedNotSaved' : saved.savedAt ? 'panel.rankedSaved' : 'panel.ranked'}
            values={{ count: slotIds.length, max, when: saved.savedAt ? openingDateTime(saved.savedAt, timeZone) : null }}
            components={{ 0: <span className="font-bold text-primary-900" />, 1: <span className={dirty ? 'text-warning-800' : undefined} /> }}
          />
        </p>
      </div>
      <p role="status" className="sr-only">
        {said}
      </p>
    </section>
  );
}
