-- A coach's booking in one database call (issue 27, docs/decisions/031).
--
-- cgsl_book(p_booking_id uuid, p_team_id uuid, p_slot_id uuid, p_user_id text, p_now timestamptz,
--           p_time_zone text, p_wait boolean, p_audit jsonb) RETURNS jsonb
--
--   p_booking_id  the new booking's id (made by the caller, so its answer can name it)
--   p_user_id     who books it (users.id, text); the booking's booked_by and the email's recipient
--   p_now         the instant the rules are judged at (lead time, past, window, upcoming)
--   p_time_zone   the league's IANA zone: local days, Monday weeks, the season's first and last day
--   p_wait        false: the team's and the slot's locks with NOWAIT; a lock held elsewhere fails the call with
--                 SQLSTATE 55P03 (lock_not_available) and nothing is written.
--                 true: the locks are taken without waiting when nobody holds them; when someone does, the press
--                 is first judged on what is committed (a refusal is answered without queueing), and only a press
--                 that passes waits for the locks and is judged again under them.
--   p_audit       the audit entry's context: {"actorId", "actorEmail", "ip", "userAgent"} (text or null each)
--
-- Booked: {"ok": true, "createdAt", "teamName", "seasonId", "startsAt", "endsAt", "fieldId", "fieldName",
--          "facilityName", "facilityAddress", "mapUrl"}; the booking, its booking.created outbox row and its
--          booking.create audit entry are written, and the call's own transaction commits them.
-- Refused: {"ok": false, "code", ...the facts its words need}, nothing written:
--   TEAM_INACTIVE {}  (no such team, or deactivated)     SLOT_GONE {}  (no such slot, or deleted)
--   FIELD_CLOSED {fieldName}                             OPENING_ROUND {drawAt, drawn}
--   SLOT_BLOCKED {blockReason}   SLOT_TAKEN {}   SLOT_PAST {}   BOOKING_PAUSED {pausedMessage}
--   WINDOW_NOT_OPEN {opens, timeZone}   WINDOW_CLOSED {closes, timeZone}
--   TOO_SOON {minLeadHours}   TOO_FAR_AHEAD {maxAheadDays}
--   DAY_LIMIT {teamName, count, limit, day}   WEEK_LIMIT {teamName, count, limit, week}
--   UPCOMING_LIMIT {teamName, count, limit}
-- Instants are ISO 8601 in UTC with milliseconds (JavaScript's toISOString), days YYYY-MM-DD. The words are made
-- in TypeScript (src/shared/bookings/booking-rules.ts `refusalMessage`). A second confirmed booking of the slot
-- is still the unique index's SQLSTATE 23505.
--
-- The rules are checkBooking's and checkLimits's (booking-rules.ts) and the opening round's hold (decision 030),
-- in their order; a differential test (bookings/book-call.api.test.ts) compares them on random leagues.

-- An instant as JavaScript's Date.prototype.toISOString writes it (milliseconds, truncated like a Date).
CREATE OR REPLACE FUNCTION cgsl_iso(p_at timestamptz) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT to_char(p_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;
--> statement-breakpoint
-- The first instant of a local day, as Temporal's PlainDate.toZonedDateTime(timeZone) gives it. A midnight that a
-- spring-forward skips is read as the instant the day starts, as Temporal does; a midnight that a fall-back repeats
-- (America/Havana's 01:00 -> 00:00) is read by PostgreSQL as the later of the two, Temporal takes the earlier.
CREATE OR REPLACE FUNCTION cgsl_start_of_day(p_day date, p_time_zone text) RETURNS timestamptz LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_at timestamptz := p_day::timestamp AT TIME ZONE p_time_zone;
BEGIN
  IF (v_at - interval '1 hour') AT TIME ZONE p_time_zone = p_day::timestamp THEN
    RETURN v_at - interval '1 hour';
  END IF;
  RETURN v_at;
END;
$$;
--> statement-breakpoint
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
         coalesce(r.min_lead_hours, 12) AS min_lead_hours, coalesce(r.max_ahead_days, 21) AS max_ahead_days
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
  IF v_same_day >= v_slot.max_per_day THEN
    RETURN jsonb_build_object('ok', false, 'code', 'DAY_LIMIT', 'teamName', v_team.name, 'count', v_same_day, 'limit', v_slot.max_per_day, 'day', to_char(v_day, 'YYYY-MM-DD'));
  END IF;
  IF v_same_week >= v_slot.max_per_week THEN
    RETURN jsonb_build_object('ok', false, 'code', 'WEEK_LIMIT', 'teamName', v_team.name, 'count', v_same_week, 'limit', v_slot.max_per_week, 'week', to_char(v_week, 'YYYY-MM-DD'));
  END IF;
  IF v_upcoming >= v_slot.max_upcoming THEN
    RETURN jsonb_build_object('ok', false, 'code', 'UPCOMING_LIMIT', 'teamName', v_team.name, 'count', v_upcoming, 'limit', v_slot.max_upcoming);
  END IF;

  RETURN jsonb_build_object(
    'ok', true, 'teamName', v_team.name, 'seasonId', v_slot.season_id, 'startsAt', cgsl_iso(v_slot.starts_at), 'endsAt', cgsl_iso(v_slot.ends_at),
    'fieldId', v_slot.field_id, 'fieldName', v_slot.field_name, 'facilityName', v_slot.facility_name,
    'facilityAddress', v_slot.facility_address, 'mapUrl', v_slot.map_url);
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

  v_facts := cgsl_booking_decision(p_team_id, p_slot_id, p_now, p_time_zone);
  IF NOT (v_facts->>'ok')::boolean THEN
    RETURN v_facts;
  END IF;

  INSERT INTO bookings (id, slot_id, team_id, booked_by) VALUES (p_booking_id, p_slot_id, p_team_id, p_user_id)
  RETURNING created_at INTO v_created;
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
-- A coach's cancel in one database call (docs/decisions/031).
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
  -- A block of the slot cancels without the team's lock: the update, not the read, has the last word.
  UPDATE bookings SET status = 'cancelled', cancelled_at = now(), cancelled_by = p_user_id, cancel_reason = p_reason
   WHERE id = p_booking_id AND status = 'confirmed'
  RETURNING cancelled_at INTO v_cancelled;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('ok', false, 'code', 'ALREADY_CANCELLED');
  END IF;
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
