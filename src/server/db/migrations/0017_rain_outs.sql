CREATE TABLE "closure_dismissals" (
	"closure_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "closure_dismissals_closure_id_user_id_pk" PRIMARY KEY("closure_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "closures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"facility_id" uuid NOT NULL,
	"field_ids" uuid[],
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reopened_at" timestamp with time zone,
	"reopened_by" text,
	CONSTRAINT "closures_ends_after_start" CHECK ("closures"."ends_at" > "closures"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "makeup_credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"closure_id" uuid,
	"source_booking_id" uuid,
	"reason" text NOT NULL,
	"granted_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_booking_id" uuid,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" text,
	CONSTRAINT "makeup_credits_source_booking_unique" UNIQUE("source_booking_id")
);
--> statement-breakpoint
ALTER TABLE "blocks" ADD COLUMN "closure_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "closure_id" uuid;--> statement-breakpoint
ALTER TABLE "league_settings" ADD COLUMN "makeup_days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "closure_dismissals" ADD CONSTRAINT "closure_dismissals_closure_id_closures_id_fk" FOREIGN KEY ("closure_id") REFERENCES "public"."closures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closure_dismissals" ADD CONSTRAINT "closure_dismissals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closures" ADD CONSTRAINT "closures_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makeup_credits" ADD CONSTRAINT "makeup_credits_closure_id_closures_id_fk" FOREIGN KEY ("closure_id") REFERENCES "public"."closures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makeup_credits" ADD CONSTRAINT "makeup_credits_source_booking_id_bookings_id_fk" FOREIGN KEY ("source_booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "makeup_credits" ADD CONSTRAINT "makeup_credits_used_booking_id_bookings_id_fk" FOREIGN KEY ("used_booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "closures_open_idx" ON "closures" USING btree ("ends_at") WHERE "closures"."reopened_at" is null;--> statement-breakpoint
CREATE INDEX "makeup_credits_team_idx" ON "makeup_credits" USING btree ("team_id","expires_at") WHERE "makeup_credits"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "makeup_credits_used_booking_idx" ON "makeup_credits" USING btree ("used_booking_id");--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_closure_id_closures_id_fk" FOREIGN KEY ("closure_id") REFERENCES "public"."closures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_closure_id_closures_id_fk" FOREIGN KEY ("closure_id") REFERENCES "public"."closures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "league_settings" ADD CONSTRAINT "league_settings_makeup_days_valid" CHECK ("league_settings"."makeup_days" between 1 and 60);
--> statement-breakpoint
-- Rain-outs' make-up credits in the booking call (issue 28, docs/decisions/033): cgsl_booking_decision as in 0014, but a
-- team past its daily or weekly limit may book on a free make-up credit; the answer then names it (makeupCreditId) and
-- cgsl_book marks it used by the new booking. Everything else is unchanged.
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
