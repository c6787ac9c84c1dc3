CREATE TABLE "slot_waits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slot_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"user_id" text,
	"state" text DEFAULT 'waiting' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"offered_at" timestamp with time zone,
	"hold_until" timestamp with time zone,
	"decided_at" timestamp with time zone,
	CONSTRAINT "slot_waits_state_valid" CHECK ("slot_waits"."state" in ('waiting', 'offered', 'taken', 'passed', 'expired', 'refused', 'left', 'void'))
);
--> statement-breakpoint
ALTER TABLE "league_settings" ADD COLUMN "max_waits" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "league_settings" ADD COLUMN "hold_minutes" integer DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE "slots" ADD COLUMN "held_for_team_id" uuid;--> statement-breakpoint
ALTER TABLE "slots" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "slots" ADD COLUMN "hold_wait_id" uuid;--> statement-breakpoint
ALTER TABLE "slot_waits" ADD CONSTRAINT "slot_waits_slot_id_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "slot_waits_one_live_per_team_idx" ON "slot_waits" USING btree ("slot_id","team_id") WHERE "slot_waits"."state" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "slot_waits_queue_idx" ON "slot_waits" USING btree ("slot_id","created_at") WHERE "slot_waits"."state" = 'waiting';--> statement-breakpoint
CREATE INDEX "slot_waits_team_idx" ON "slot_waits" USING btree ("team_id","state");--> statement-breakpoint
CREATE INDEX "slots_held_until_idx" ON "slots" USING btree ("held_until") WHERE "slots"."held_until" is not null;--> statement-breakpoint
ALTER TABLE "league_settings" ADD CONSTRAINT "league_settings_max_waits_valid" CHECK ("league_settings"."max_waits" between 1 and 20);--> statement-breakpoint
ALTER TABLE "league_settings" ADD CONSTRAINT "league_settings_hold_minutes_valid" CHECK ("league_settings"."hold_minutes" between 10 and 1440);
--> statement-breakpoint
-- Waitlist holds (issue 28, docs/decisions/034). A team waits on a booked slot; when the slot frees, it is held for the
-- first team waiting (in the order they joined) for the league's hold time, never past one hour before the start.
-- The callers hold the slot's lock (FOR UPDATE): a hold is given, ended or moved by one transaction at a time.

-- Offers a free slot to the first team waiting on it, unless a hold is already live. Returns the offered wait's id,
-- or null: the slot is not free (booked, blocked, gone), nobody waits, or the practice is too close (the waits end,
-- and the slot is free for everyone). The hold and its notification (dedupe key offer:<wait id>:<when>) are written in
-- the caller's transaction: one offer, one email per coach, whatever retries or crashes come after. A wait offered
-- again later (its hold ended by a block, then the block lifted) is a new offer and is told again.
CREATE OR REPLACE FUNCTION cgsl_hold_next(p_slot_id uuid, p_now timestamptz) RETURNS uuid LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_slot record;
  v_wait record;
  v_minutes int;
  v_until timestamptz;
BEGIN
  SELECT s.status, s.deleted_at, s.starts_at, s.ends_at, s.held_for_team_id, s.held_until, s.hold_wait_id, f.name AS field_name,
         EXISTS (SELECT 1 FROM bookings b WHERE b.slot_id = s.id AND b.status = 'confirmed') AS taken
    INTO v_slot
    FROM slots s JOIN fields f ON f.id = s.field_id
   WHERE s.id = p_slot_id;
  IF NOT FOUND OR v_slot.deleted_at IS NOT NULL OR v_slot.status <> 'open' OR v_slot.taken THEN
    RETURN NULL;
  END IF;
  IF v_slot.held_for_team_id IS NOT NULL AND v_slot.held_until > p_now THEN
    RETURN v_slot.hold_wait_id;
  END IF;
  SELECT coalesce((SELECT hold_minutes FROM league_settings WHERE id = 1), 120) INTO v_minutes;
  v_until := least(p_now + make_interval(mins => v_minutes), v_slot.starts_at - interval '1 hour');
  IF v_until <= p_now THEN
    UPDATE slot_waits SET state = 'void', decided_at = p_now WHERE slot_id = p_slot_id AND state IN ('waiting', 'offered');
    UPDATE slots SET held_for_team_id = NULL, held_until = NULL, hold_wait_id = NULL WHERE id = p_slot_id AND held_for_team_id IS NOT NULL;
    RETURN NULL;
  END IF;
  SELECT w.id, w.team_id, t.name INTO v_wait
    FROM slot_waits w JOIN teams t ON t.id = w.team_id
   WHERE w.slot_id = p_slot_id AND w.state = 'waiting' AND t.active
   ORDER BY w.created_at, w.id
   LIMIT 1
     FOR UPDATE OF w;
  IF NOT FOUND THEN
    UPDATE slots SET held_for_team_id = NULL, held_until = NULL, hold_wait_id = NULL WHERE id = p_slot_id AND held_for_team_id IS NOT NULL;
    RETURN NULL;
  END IF;
  UPDATE slot_waits SET state = 'offered', offered_at = p_now, hold_until = v_until WHERE id = v_wait.id;
  UPDATE slots SET held_for_team_id = v_wait.team_id, held_until = v_until, hold_wait_id = v_wait.id WHERE id = p_slot_id;
  INSERT INTO notification_outbox (kind, recipient_user_id, team_id, payload, dedupe_key)
  VALUES ('wait.offered', NULL, v_wait.team_id,
          jsonb_build_object('waitId', v_wait.id, 'slotId', p_slot_id, 'teamName', v_wait.name, 'fieldName', v_slot.field_name,
                             'startsAt', cgsl_iso(v_slot.starts_at), 'endsAt', cgsl_iso(v_slot.ends_at), 'holdUntil', cgsl_iso(v_until)),
          'offer:' || v_wait.id || ':' || cgsl_iso(p_now))
  ON CONFLICT DO NOTHING;
  RETURN v_wait.id;
END;
$$;
--> statement-breakpoint
-- A hold that has run out: the offered wait expires and the slot is offered to the next team (or freed).
CREATE OR REPLACE FUNCTION cgsl_settle_hold(p_slot_id uuid, p_now timestamptz) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v record;
BEGIN
  SELECT held_for_team_id, held_until, hold_wait_id INTO v FROM slots WHERE id = p_slot_id;
  IF NOT FOUND OR v.held_for_team_id IS NULL OR v.held_until > p_now THEN
    RETURN;
  END IF;
  UPDATE slot_waits SET state = 'expired', decided_at = p_now WHERE id = v.hold_wait_id AND state = 'offered';
  UPDATE slots SET held_for_team_id = NULL, held_until = NULL, hold_wait_id = NULL WHERE id = p_slot_id;
  PERFORM cgsl_hold_next(p_slot_id, p_now);
END;
$$;
--> statement-breakpoint
-- The held team passes, or taking the slot broke one of its rules: if p_wait_id is still the slot's hold, it ends with
-- p_state ('passed' or 'refused') and the slot is offered to the next team. Takes the slot's lock itself. Returns
-- whether that wait was the hold.
CREATE OR REPLACE FUNCTION cgsl_end_hold(p_slot_id uuid, p_wait_id uuid, p_state text, p_now timestamptz) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM 1 FROM slots WHERE id = p_slot_id FOR UPDATE;
  PERFORM cgsl_settle_hold(p_slot_id, p_now);
  UPDATE slot_waits SET state = p_state, decided_at = p_now WHERE id = p_wait_id AND slot_id = p_slot_id AND state = 'offered';
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  UPDATE slots SET held_for_team_id = NULL, held_until = NULL, hold_wait_id = NULL WHERE id = p_slot_id AND hold_wait_id = p_wait_id;
  PERFORM cgsl_hold_next(p_slot_id, p_now);
  RETURN true;
END;
$$;
--> statement-breakpoint
-- The slots are blocked or booked another way (an admin's override, a move): their holds end and the offered teams go
-- back to the head of the line (they keep waiting for the next time the slot frees). The caller holds the slots' locks.
CREATE OR REPLACE FUNCTION cgsl_release_holds(p_slot_ids uuid[]) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  UPDATE slot_waits SET state = 'waiting', offered_at = NULL, hold_until = NULL
   WHERE state = 'offered' AND id IN (SELECT hold_wait_id FROM slots WHERE id = ANY (p_slot_ids) AND hold_wait_id IS NOT NULL);
  UPDATE slots SET held_for_team_id = NULL, held_until = NULL, hold_wait_id = NULL WHERE id = ANY (p_slot_ids) AND held_for_team_id IS NOT NULL;
END;
$$;
--> statement-breakpoint
-- The booking call with rain-outs' make-up credits (issue 28, docs/decisions/033) and waitlist holds (decision 034):
-- cgsl_booking_decision as in 0014, but
--   * a team past its daily or weekly limit may book on a free make-up credit; the answer then names it
--     (makeupCreditId) and cgsl_book marks it used by the new booking;
--   * a freed slot held for a waiting team is refused to every other team: SLOT_HELD {teamName, until, timeZone}.
-- cgsl_book first settles a hold that has run out (it moves to the next team), and a booking ends the team's wait on
-- the slot. cgsl_cancel offers the freed slot to the first team waiting. Everything else is as in 0014.
-- Whether a team may book a slot at p_now, read in one snapshot: the refusal (as cgsl_book answers it), or
-- {"ok": true, ...} with what the booking's rows and answer need. checkBooking's rules after the team, the slot,
-- its field and the opening round; the season's rules row, or the defaults of DEFAULT_BOOKING_RULES without one.
CREATE OR REPLACE FUNCTION cgsl_booking_decision(p_team_id uuid, p_slot_id uuid, p_now timestamptz, p_time_zone text)
RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_team record;
  v_slot record;
  v_round record;
  v_opens timestamptz;
  v_closes timestamptz;
  v_day date;
  v_week date;
  v_same_day int;
  v_same_week int;
  v_upcoming int;
  v_credit uuid;
BEGIN
  SELECT t.name, t.active INTO v_team FROM teams t WHERE t.id = p_team_id;
  IF NOT FOUND OR NOT v_team.active THEN
    RETURN jsonb_build_object('ok', false, 'code', 'TEAM_INACTIVE');
  END IF;

  -- Instants to the millisecond, as the TypeScript rules see them (a Date).
  SELECT s.season_id, date_trunc('milliseconds', s.starts_at) AS starts_at, date_trunc('milliseconds', s.ends_at) AS ends_at,
         s.status = 'blocked' AS blocked, s.block_reason,
         EXISTS (SELECT 1 FROM bookings b WHERE b.slot_id = s.id AND b.status = 'confirmed') AS taken,
         f.id AS field_id, f.name AS field_name, fa.name AS facility_name, fa.address AS facility_address, fa.map_url,
         (f.active AND fa.active) AS field_active, se.starts_on, se.ends_on,
         coalesce(r.booking_open, true) AS booking_open, r.paused_message,
         date_trunc('milliseconds', r.window_opens_at) AS window_opens_at, date_trunc('milliseconds', r.window_closes_at) AS window_closes_at,
         coalesce(r.max_per_week, 2) AS max_per_week, coalesce(r.max_per_day, 1) AS max_per_day, coalesce(r.max_upcoming, 4) AS max_upcoming,
         coalesce(r.min_lead_hours, 12) AS min_lead_hours, coalesce(r.max_ahead_days, 21) AS max_ahead_days,
         s.held_for_team_id, date_trunc('milliseconds', s.held_until) AS held_until,
         (SELECT ht.name FROM teams ht WHERE ht.id = s.held_for_team_id) AS held_for_name
    INTO v_slot
    FROM slots s
    JOIN fields f ON f.id = s.field_id
    JOIN facilities fa ON fa.id = f.facility_id
    JOIN seasons se ON se.id = s.season_id
    LEFT JOIN booking_rules r ON r.season_id = s.season_id
   WHERE s.id = p_slot_id AND s.deleted_at IS NULL;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('ok', false, 'code', 'SLOT_GONE');
  END IF;
  IF NOT v_slot.field_active THEN
    RETURN jsonb_build_object('ok', false, 'code', 'FIELD_CLOSED', 'fieldName', v_slot.field_name);
  END IF;

  -- An open slot an opening round holds (decision 030): one waiting for its draw first, else a drawn one whose rest
  -- the league has not opened.
  IF NOT v_slot.blocked AND NOT v_slot.taken THEN
    SELECT o.draw_at, o.drawn_at IS NOT NULL AS drawn INTO v_round
      FROM opening_rounds o
     WHERE o.season_id = v_slot.season_id AND o.cancelled_at IS NULL AND (o.drawn_at IS NULL OR NOT o.first_come_after)
       AND (v_slot.starts_at AT TIME ZONE p_time_zone)::date BETWEEN o.covers_from AND o.covers_to
     ORDER BY o.drawn_at IS NULL DESC, o.draw_at
     LIMIT 1;
    IF FOUND THEN
      RETURN jsonb_build_object('ok', false, 'code', 'OPENING_ROUND', 'drawAt', cgsl_iso(v_round.draw_at), 'drawn', v_round.drawn);
    END IF;
  END IF;

  IF v_slot.blocked THEN
    RETURN jsonb_build_object('ok', false, 'code', 'SLOT_BLOCKED', 'blockReason', v_slot.block_reason);
  END IF;
  IF v_slot.taken THEN
    RETURN jsonb_build_object('ok', false, 'code', 'SLOT_TAKEN');
  END IF;
  -- A freed slot held for the first team waiting on it (decision 034): nobody else books it while it is held. A hold
  -- that has run out is settled by cgsl_book under the locks (it moves on) before the press is judged there.
  IF v_slot.held_for_team_id IS NOT NULL AND v_slot.held_until > p_now AND v_slot.held_for_team_id <> p_team_id THEN
    RETURN jsonb_build_object('ok', false, 'code', 'SLOT_HELD', 'teamName', v_slot.held_for_name, 'until', cgsl_iso(v_slot.held_until), 'timeZone', p_time_zone);
  END IF;
  IF v_slot.starts_at <= p_now THEN
    RETURN jsonb_build_object('ok', false, 'code', 'SLOT_PAST');
  END IF;
  IF NOT v_slot.booking_open THEN
    RETURN jsonb_build_object('ok', false, 'code', 'BOOKING_PAUSED', 'pausedMessage', v_slot.paused_message);
  END IF;
  v_opens := coalesce(v_slot.window_opens_at, cgsl_start_of_day(v_slot.starts_on, p_time_zone));
  IF p_now < v_opens THEN
    RETURN jsonb_build_object('ok', false, 'code', 'WINDOW_NOT_OPEN', 'opens', cgsl_iso(v_opens), 'timeZone', p_time_zone);
  END IF;
  v_closes := coalesce(v_slot.window_closes_at, cgsl_start_of_day(v_slot.ends_on + 1, p_time_zone));
  IF p_now >= v_closes THEN
    RETURN jsonb_build_object('ok', false, 'code', 'WINDOW_CLOSED', 'closes', cgsl_iso(v_closes), 'timeZone', p_time_zone);
  END IF;

  -- checkLimits: lead time and how far ahead in fixed hours, then the team's confirmed bookings (any season) on the
  -- slot's local day, in its Monday-to-Sunday local week, and still to come.
  IF v_slot.starts_at < p_now + make_interval(hours => v_slot.min_lead_hours) THEN
    RETURN jsonb_build_object('ok', false, 'code', 'TOO_SOON', 'minLeadHours', v_slot.min_lead_hours);
  END IF;
  IF v_slot.starts_at > p_now + make_interval(hours => v_slot.max_ahead_days * 24) THEN
    RETURN jsonb_build_object('ok', false, 'code', 'TOO_FAR_AHEAD', 'maxAheadDays', v_slot.max_ahead_days);
  END IF;
  v_day := (v_slot.starts_at AT TIME ZONE p_time_zone)::date;
  v_week := v_day - (extract(isodow FROM v_day)::int - 1);
  SELECT count(*) FILTER (WHERE (ts.starts_at AT TIME ZONE p_time_zone)::date = v_day),
         count(*) FILTER (WHERE (ts.starts_at AT TIME ZONE p_time_zone)::date BETWEEN v_week AND v_week + 6),
         count(*) FILTER (WHERE date_trunc('milliseconds', ts.starts_at) > p_now)
    INTO v_same_day, v_same_week, v_upcoming
    FROM bookings b
    JOIN slots ts ON ts.id = b.slot_id
   WHERE b.team_id = p_team_id AND b.status = 'confirmed';
  IF v_same_day >= v_slot.max_per_day OR v_same_week >= v_slot.max_per_week THEN
    -- A make-up credit (issue 28, decision 033): one practice outside the daily and weekly limits, for a practice that
    -- starts before the credit runs out; the one that runs out first. A credit is free while no confirmed booking uses it.
    SELECT c.id INTO v_credit
      FROM makeup_credits c
     WHERE c.team_id = p_team_id AND c.revoked_at IS NULL AND date_trunc('milliseconds', c.expires_at) > v_slot.starts_at
       AND NOT EXISTS (SELECT 1 FROM bookings ub WHERE ub.id = c.used_booking_id AND ub.status = 'confirmed')
     ORDER BY c.expires_at, c.created_at, c.id
     LIMIT 1;
    IF v_credit IS NULL THEN
      IF v_same_day >= v_slot.max_per_day THEN
        RETURN jsonb_build_object('ok', false, 'code', 'DAY_LIMIT', 'teamName', v_team.name, 'count', v_same_day, 'limit', v_slot.max_per_day, 'day', to_char(v_day, 'YYYY-MM-DD'));
      END IF;
      RETURN jsonb_build_object('ok', false, 'code', 'WEEK_LIMIT', 'teamName', v_team.name, 'count', v_same_week, 'limit', v_slot.max_per_week, 'week', to_char(v_week, 'YYYY-MM-DD'));
    END IF;
  END IF;
  IF v_upcoming >= v_slot.max_upcoming THEN
    RETURN jsonb_build_object('ok', false, 'code', 'UPCOMING_LIMIT', 'teamName', v_team.name, 'count', v_upcoming, 'limit', v_slot.max_upcoming);
  END IF;

  RETURN jsonb_build_object(
    'ok', true, 'teamName', v_team.name, 'seasonId', v_slot.season_id, 'startsAt', cgsl_iso(v_slot.starts_at), 'endsAt', cgsl_iso(v_slot.ends_at),
    'fieldId', v_slot.field_id, 'fieldName', v_slot.field_name, 'facilityName', v_slot.facility_name,
    'facilityAddress', v_slot.facility_address, 'mapUrl', v_slot.map_url)
    || CASE WHEN v_credit IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('makeupCreditId', v_credit) END;
END;
$$;
--> statement-breakpoint
-- VOLATILE on purpose: under READ COMMITTED each statement of a volatile function reads a fresh snapshot, so the
-- decision made after the locks counts every booking committed before they were granted (decision 013).
CREATE OR REPLACE FUNCTION cgsl_book(
  p_booking_id uuid, p_team_id uuid, p_slot_id uuid, p_user_id text, p_now timestamptz, p_time_zone text, p_wait boolean, p_audit jsonb
) RETURNS jsonb LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_team_locked boolean := false;
  v_slot_locked boolean := false;
  v_early jsonb;
  v_facts jsonb;
  v_created timestamptz;
BEGIN
  -- The locks in the order every booking change takes them: the team's row (one team's bookings queue behind each
  -- other), then the slot's (bookings, blocks, moves and deletes of the slot queue) with its field and facility
  -- shared (a deactivation waits).
  IF p_wait THEN
    PERFORM 1 FROM teams WHERE id = p_team_id FOR UPDATE SKIP LOCKED;
    v_team_locked := FOUND;
    IF v_team_locked THEN
      PERFORM 1 FROM slots s JOIN fields f ON f.id = s.field_id JOIN facilities fa ON fa.id = f.facility_id
       WHERE s.id = p_slot_id AND s.deleted_at IS NULL
         FOR UPDATE OF s SKIP LOCKED FOR SHARE OF f, fa SKIP LOCKED;
      v_slot_locked := FOUND;
    END IF;
    IF NOT v_slot_locked THEN
      -- Someone holds a lock (or a row is missing). On the night booking opens most such presses are for a slot
      -- already taken or past a team's limit: refused here, on what is committed, as they would be a moment later,
      -- without queueing behind the presses ahead. What the locked path checks first (the team, the slot, its
      -- field) is left to it, so those answers are always the ones given under the locks.
      v_early := cgsl_booking_decision(p_team_id, p_slot_id, p_now, p_time_zone);
      IF NOT (v_early->>'ok')::boolean AND v_early->>'code' NOT IN ('TEAM_INACTIVE', 'SLOT_GONE', 'FIELD_CLOSED') THEN
        RETURN v_early;
      END IF;
      IF NOT v_team_locked THEN
        PERFORM 1 FROM teams WHERE id = p_team_id FOR UPDATE;
      END IF;
      PERFORM 1 FROM slots s JOIN fields f ON f.id = s.field_id JOIN facilities fa ON fa.id = f.facility_id
       WHERE s.id = p_slot_id AND s.deleted_at IS NULL
         FOR UPDATE OF s FOR SHARE OF f, fa;
    END IF;
  ELSE
    PERFORM 1 FROM teams WHERE id = p_team_id FOR UPDATE NOWAIT;
    PERFORM 1 FROM slots s JOIN fields f ON f.id = s.field_id JOIN facilities fa ON fa.id = f.facility_id
     WHERE s.id = p_slot_id AND s.deleted_at IS NULL
       FOR UPDATE OF s NOWAIT FOR SHARE OF f, fa NOWAIT;
  END IF;

  -- A hold that has run out moves to the next team waiting (or ends) before the press is judged (decision 034).
  PERFORM cgsl_settle_hold(p_slot_id, p_now);
  v_facts := cgsl_booking_decision(p_team_id, p_slot_id, p_now, p_time_zone);
  IF NOT (v_facts->>'ok')::boolean THEN
    RETURN v_facts;
  END IF;

  INSERT INTO bookings (id, slot_id, team_id, booked_by) VALUES (p_booking_id, p_slot_id, p_team_id, p_user_id)
  RETURNING created_at INTO v_created;
  -- Past a daily or weekly limit on a make-up credit: the credit is this booking's (under the team's lock).
  IF v_facts ? 'makeupCreditId' THEN
    UPDATE makeup_credits SET used_booking_id = p_booking_id, used_at = now() WHERE id = (v_facts->>'makeupCreditId')::uuid;
  END IF;
  -- The team waited on this slot: its wait is over, and the slot's hold (its own) ends.
  UPDATE slot_waits SET state = 'taken', decided_at = now() WHERE slot_id = p_slot_id AND team_id = p_team_id AND state IN ('waiting', 'offered');
  UPDATE slots SET held_for_team_id = NULL, held_until = NULL, hold_wait_id = NULL WHERE id = p_slot_id AND held_for_team_id IS NOT NULL;
  -- The rows queueNotifications and recordAudit write for a booking (notifications.service `notification`,
  -- audit.repository `auditInsert`): same columns, same payload, same summary.
  INSERT INTO notification_outbox (kind, recipient_user_id, team_id, payload, dedupe_key)
  VALUES ('booking.created', p_user_id, p_team_id,
          jsonb_build_object('bookingId', p_booking_id, 'teamName', v_facts->'teamName', 'fieldName', v_facts->'fieldName',
                             'startsAt', v_facts->'startsAt', 'endsAt', v_facts->'endsAt', 'override', false, 'reason', NULL),
          NULL)
  ON CONFLICT DO NOTHING;
  INSERT INTO audit_log (actor_id, actor_email, ip, user_agent, action, entity_type, entity_id, summary, before, after)
  VALUES (p_audit->>'actorId', p_audit->>'actorEmail', p_audit->>'ip', p_audit->>'userAgent', 'booking.create', 'booking', p_booking_id::text,
          (v_facts->>'teamName') || ' booked ' || (v_facts->>'fieldName') || ' at ' || (v_facts->>'startsAt'),
          NULL, jsonb_build_object('bookingId', p_booking_id, 'slotId', p_slot_id, 'teamId', p_team_id));
  RETURN v_facts || jsonb_build_object('createdAt', cgsl_iso(v_created));
END;
$$;
--> statement-breakpoint
-- A coach's cancel in one database call (docs/decisions/031), as in 0014, then the freed slot offered to the first team
-- waiting on it (decision 034).
--
-- cgsl_cancel(p_booking_id uuid, p_team_id uuid, p_user_id text, p_now timestamptz, p_reason text, p_audit jsonb)
-- RETURNS jsonb
--
--   p_team_id   the coach's team: a booking of another team is answered as not found
--   p_user_id   who cancels (the booking's cancelled_by)
--   p_now       the instant the cancellation cutoff is judged at
--   p_reason    the booking's cancel_reason, the email's and the audit entry's
--   p_audit     as cgsl_book's
--
-- Cancelled: {"ok": true, "slotId", "seasonId", "teamId", "teamName", "startsAt", "endsAt", "fieldId", "fieldName",
--             "facilityName", "facilityAddress", "mapUrl", "bookedBy", "bookedByEmail", "createdAt", "cancelledAt",
--             "cancelReason", "override", "overrideReason"}; the booking is cancelled, its booking.cancelled outbox row
--             and its booking.cancel audit entry written.
-- Refused, nothing written: {"ok": false, "code": "NOT_FOUND"} | {"ok": false, "code": "ALREADY_CANCELLED"} |
--   {"ok": false, "code": "CANCEL_CUTOFF", "cancelCutoffHours"}.
CREATE OR REPLACE FUNCTION cgsl_cancel(p_booking_id uuid, p_team_id uuid, p_user_id text, p_now timestamptz, p_reason text, p_audit jsonb)
RETURNS jsonb LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v record;
  v_cancelled timestamptz;
BEGIN
  -- The team's lock, as every booking change of the team takes it; what the cancel decides on is read after it.
  PERFORM 1 FROM teams WHERE id = p_team_id FOR UPDATE;
  SELECT b.slot_id, b.team_id, b.status, b.booked_by, b.created_at, b.override, b.override_reason,
         s.season_id, date_trunc('milliseconds', s.starts_at) AS starts_at, date_trunc('milliseconds', s.ends_at) AS ends_at,
         f.id AS field_id, f.name AS field_name, fa.name AS facility_name, fa.address AS facility_address, fa.map_url,
         t.name AS team_name, u.email AS booked_by_email, coalesce(r.cancel_cutoff_hours, 24) AS cancel_cutoff_hours
    INTO v
    FROM bookings b
    JOIN slots s ON s.id = b.slot_id
    JOIN fields f ON f.id = s.field_id
    JOIN facilities fa ON fa.id = f.facility_id
    JOIN teams t ON t.id = b.team_id
    LEFT JOIN users u ON u.id = b.booked_by
    LEFT JOIN booking_rules r ON r.season_id = s.season_id
   WHERE b.id = p_booking_id;
  IF NOT FOUND OR v.team_id <> p_team_id THEN
    RETURN jsonb_build_object('ok', false, 'code', 'NOT_FOUND');
  END IF;
  IF v.status <> 'confirmed' THEN
    RETURN jsonb_build_object('ok', false, 'code', 'ALREADY_CANCELLED');
  END IF;
  -- checkCancellation (booking-rules.ts): at least the cutoff's hours before the start.
  IF v.starts_at < p_now + make_interval(hours => v.cancel_cutoff_hours) THEN
    RETURN jsonb_build_object('ok', false, 'code', 'CANCEL_CUTOFF', 'cancelCutoffHours', v.cancel_cutoff_hours);
  END IF;
  -- The slot's lock before the booking's row, as a block takes them (it locks its slots, then cancels their bookings):
  -- taking them the other way round could deadlock with a block of this slot.
  PERFORM 1 FROM slots WHERE id = v.slot_id FOR UPDATE;
  -- A block of the slot cancels without the team's lock: the update, not the read, has the last word.
  UPDATE bookings SET status = 'cancelled', cancelled_at = now(), cancelled_by = p_user_id, cancel_reason = p_reason
   WHERE id = p_booking_id AND status = 'confirmed'
  RETURNING cancelled_at INTO v_cancelled;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('ok', false, 'code', 'ALREADY_CANCELLED');
  END IF;
  -- The slot is free: offered to the first team waiting on it, under the slot's lock (decision 034).
  PERFORM cgsl_hold_next(v.slot_id, p_now);
  -- The rows recordAudit and queueNotifications write for a coach's cancel: same columns, same payload, same summary.
  INSERT INTO audit_log (actor_id, actor_email, ip, user_agent, action, entity_type, entity_id, summary, before, after)
  VALUES (p_audit->>'actorId', p_audit->>'actorEmail', p_audit->>'ip', p_audit->>'userAgent', 'booking.cancel', 'booking', p_booking_id::text,
          'Cancelled ' || v.team_name || '''s practice on ' || v.field_name || ' at ' || cgsl_iso(v.starts_at) || ': ' || p_reason,
          jsonb_build_object('status', 'confirmed'), jsonb_build_object('status', 'cancelled', 'reason', p_reason));
  INSERT INTO notification_outbox (kind, recipient_user_id, team_id, payload, dedupe_key)
  VALUES ('booking.cancelled', NULL, v.team_id,
          jsonb_build_object('bookingId', p_booking_id, 'teamName', v.team_name, 'fieldName', v.field_name, 'startsAt', cgsl_iso(v.starts_at),
                             'endsAt', cgsl_iso(v.ends_at), 'reason', p_reason, 'byAdmin', false, 'blocked', false),
          NULL)
  ON CONFLICT DO NOTHING;
  RETURN jsonb_build_object(
    'ok', true, 'slotId', v.slot_id, 'seasonId', v.season_id, 'teamId', v.team_id, 'teamName', v.team_name,
    'startsAt', cgsl_iso(v.starts_at), 'endsAt', cgsl_iso(v.ends_at), 'fieldId', v.field_id, 'fieldName', v.field_name,
    'facilityName', v.facility_name, 'facilityAddress', v.facility_address, 'mapUrl', v.map_url,
    'bookedBy', v.booked_by, 'bookedByEmail', v.booked_by_email, 'createdAt', cgsl_iso(v.created_at),
    'cancelledAt', cgsl_iso(v_cancelled), 'cancelReason', p_reason, 'override', v.override, 'overrideReason', v.override_reason);
END;
$$;
