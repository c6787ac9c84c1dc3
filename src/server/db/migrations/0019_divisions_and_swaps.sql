CREATE TABLE "division_rules" (
	"season_id" uuid NOT NULL,
	"division_id" uuid NOT NULL,
	"window_opens_at" timestamp with time zone,
	"window_closes_at" timestamp with time zone,
	"max_per_week" integer,
	"max_per_day" integer,
	"max_upcoming" integer,
	"min_lead_hours" integer,
	"max_ahead_days" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "division_rules_season_id_division_id_pk" PRIMARY KEY("season_id","division_id")
);
--> statement-breakpoint
CREATE TABLE "divisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "field_divisions" (
	"field_id" uuid NOT NULL,
	"division_id" uuid NOT NULL,
	CONSTRAINT "field_divisions_field_id_division_id_pk" PRIMARY KEY("field_id","division_id")
);
--> statement-breakpoint
CREATE TABLE "opening_round_divisions" (
	"round_id" uuid NOT NULL,
	"division_id" uuid NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	CONSTRAINT "opening_round_divisions_round_id_division_id_pk" PRIMARY KEY("round_id","division_id")
);
--> statement-breakpoint
CREATE TABLE "swap_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"booking_id" uuid NOT NULL,
	"from_team_id" uuid NOT NULL,
	"to_team_id" uuid NOT NULL,
	"wanted_booking_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"note" text,
	"state" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"accepted_booking_id" uuid,
	CONSTRAINT "swap_offers_kind_valid" CHECK ("swap_offers"."kind" in ('swap', 'give')),
	CONSTRAINT "swap_offers_state_valid" CHECK ("swap_offers"."state" in ('open', 'accepted', 'declined', 'withdrawn', 'expired', 'void')),
	CONSTRAINT "swap_offers_teams_differ" CHECK ("swap_offers"."from_team_id" <> "swap_offers"."to_team_id"),
	CONSTRAINT "swap_offers_wanted" CHECK (("swap_offers"."kind" = 'give') = (cardinality("swap_offers"."wanted_booking_ids") = 0) and cardinality("swap_offers"."wanted_booking_ids") <= 10)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "swap_id" uuid;--> statement-breakpoint
ALTER TABLE "league_settings" ADD COLUMN "swaps_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "division_id" uuid;--> statement-breakpoint
ALTER TABLE "division_rules" ADD CONSTRAINT "division_rules_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "division_rules" ADD CONSTRAINT "division_rules_division_id_divisions_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_divisions" ADD CONSTRAINT "field_divisions_field_id_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."fields"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_divisions" ADD CONSTRAINT "field_divisions_division_id_divisions_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_round_divisions" ADD CONSTRAINT "opening_round_divisions_round_id_opening_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."opening_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_round_divisions" ADD CONSTRAINT "opening_round_divisions_division_id_divisions_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_offers" ADD CONSTRAINT "swap_offers_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_offers" ADD CONSTRAINT "swap_offers_accepted_booking_id_bookings_id_fk" FOREIGN KEY ("accepted_booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "divisions_name_idx" ON "divisions" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "field_divisions_division_idx" ON "field_divisions" USING btree ("division_id");--> statement-breakpoint
CREATE UNIQUE INDEX "swap_offers_one_open_per_booking_idx" ON "swap_offers" USING btree ("booking_id") WHERE "swap_offers"."state" = 'open';--> statement-breakpoint
CREATE INDEX "swap_offers_from_idx" ON "swap_offers" USING btree ("from_team_id","state");--> statement-breakpoint
CREATE INDEX "swap_offers_to_idx" ON "swap_offers" USING btree ("to_team_id","state");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_swap_id_swap_offers_id_fk" FOREIGN KEY ("swap_id") REFERENCES "public"."swap_offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_division_id_divisions_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Each team's division label becomes a division (issue 29, decision 035). Labels that differ only in case are one
-- division, spelled as most of its teams spell it; divisions are ordered by their leading number ("8U" before "10U"),
-- then by name.
INSERT INTO "divisions" ("name", "position")
SELECT name, (row_number() OVER (ORDER BY coalesce(substring(name FROM '^[0-9]+')::numeric, 1e30), lower(name), name))::int
  FROM (SELECT DISTINCT ON (lower(btrim(division))) btrim(division) AS name
          FROM "teams"
         WHERE btrim(coalesce(division, '')) <> ''
         GROUP BY lower(btrim(division)), btrim(division)
         ORDER BY lower(btrim(division)), count(*) DESC, btrim(division)) labels;--> statement-breakpoint
UPDATE "teams" t SET "division_id" = d.id FROM "divisions" d WHERE btrim(coalesce(t.division, '')) <> '' AND lower(d.name) = lower(btrim(t.division));--> statement-breakpoint
ALTER TABLE "teams" DROP COLUMN "division";--> statement-breakpoint
-- The booking call's decision (0018) with the team's division: a field limited to other divisions refuses it, and the
-- division's own rules (division_rules, each column null for the season's) replace the season's.
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
  v_divisions jsonb;
  v_division_ok boolean;
BEGIN
  SELECT t.name, t.active, t.division_id, d.name AS division_name INTO v_team
    FROM teams t LEFT JOIN divisions d ON d.id = t.division_id
   WHERE t.id = p_team_id;
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
         date_trunc('milliseconds', coalesce(dr.window_opens_at, r.window_opens_at)) AS window_opens_at,
         date_trunc('milliseconds', coalesce(dr.window_closes_at, r.window_closes_at)) AS window_closes_at,
         coalesce(dr.max_per_week, r.max_per_week, 2) AS max_per_week, coalesce(dr.max_per_day, r.max_per_day, 1) AS max_per_day,
         coalesce(dr.max_upcoming, r.max_upcoming, 4) AS max_upcoming,
         coalesce(dr.min_lead_hours, r.min_lead_hours, 12) AS min_lead_hours, coalesce(dr.max_ahead_days, r.max_ahead_days, 21) AS max_ahead_days,
         s.held_for_team_id, date_trunc('milliseconds', s.held_until) AS held_until,
         (SELECT ht.name FROM teams ht WHERE ht.id = s.held_for_team_id) AS held_for_name
    INTO v_slot
    FROM slots s
    JOIN fields f ON f.id = s.field_id
    JOIN facilities fa ON fa.id = f.facility_id
    JOIN seasons se ON se.id = s.season_id
    LEFT JOIN booking_rules r ON r.season_id = s.season_id
    LEFT JOIN division_rules dr ON dr.season_id = s.season_id AND dr.division_id = v_team.division_id
   WHERE s.id = p_slot_id AND s.deleted_at IS NULL;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('ok', false, 'code', 'SLOT_GONE');
  END IF;
  IF NOT v_slot.field_active THEN
    RETURN jsonb_build_object('ok', false, 'code', 'FIELD_CLOSED', 'fieldName', v_slot.field_name);
  END IF;
  -- A field limited to some divisions (issue 29, decision 035): a team of another division, or of none, may not use it.
  SELECT jsonb_agg(d.name ORDER BY d.position, d.name), bool_or(d.id = v_team.division_id) INTO v_divisions, v_division_ok
    FROM field_divisions fd JOIN divisions d ON d.id = fd.division_id
   WHERE fd.field_id = v_slot.field_id;
  IF v_divisions IS NOT NULL AND NOT coalesce(v_division_ok, false) THEN
    RETURN jsonb_build_object('ok', false, 'code', 'FIELD_DIVISION', 'fieldName', v_slot.field_name, 'teamName', v_team.name,
      'divisionName', v_team.division_name, 'divisions', v_divisions);
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
