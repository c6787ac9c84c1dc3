-- A coach's ranked list saved in one database call (issue 26's preference rush, docs/decisions/030).
--
-- cgsl_save_preferences(p_round_id uuid, p_team_id uuid, p_slot_ids jsonb, p_now timestamptz, p_time_zone text)
--   RETURNS jsonb
--
--   p_slot_ids   the list, rank 1 first: a JSON array of slot ids
--   p_now        the instant the window is judged at
--   p_time_zone  the league's IANA zone: local days and Monday weeks
--
-- Saved: {"saved": true, "savedAt": ISO 8601 or null (an empty list: the team's row is deleted)}.
-- Not saved: {"saved": false}, nothing written. The caller then judges the save the long way (opening.service
-- `savePreferences`: saveFacts, then the TypeScript checks, then the write), which finds the refusal and its words,
-- or saves if what stood in the way has changed meanwhile. So this call never has to word anything; it must only
-- never save a list that the long way would refuse. A differential test (opening/save-call.api.test.ts) compares
-- the two on random leagues.
--
-- The checks, the long way's, all judged in this call's transaction:
--   the round exists and its window is open at p_now (not cancelled, not drawn, opens_at <= p_now < closes_at, in
--   milliseconds), under the round's row FOR KEY SHARE (a draw, a cancel or an edit takes FOR UPDATE and waits);
--   at most max_preferences slots;
--   each slot live (not deleted, its field and facility active), of the round's season and local days, not blocked,
--   not taken, and one the team's limits could ever allow at the draw (drawProblem: after the draw time, the lead
--   time before it, and the team's confirmed bookings, any season, on the slot's local day, in its Monday-to-Sunday
--   local week, and still to come at the draw; the season's rules row, or DEFAULT_BOOKING_RULES's limits).
CREATE OR REPLACE FUNCTION cgsl_save_preferences(p_round_id uuid, p_team_id uuid, p_slot_ids jsonb, p_now timestamptz, p_time_zone text)
RETURNS jsonb LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_round record;
  v_ids uuid[];
  v_starts timestamptz[];
  v_refused boolean;
  v_saved timestamptz;
BEGIN
  SELECT o.season_id, o.covers_from, o.covers_to, o.max_preferences, date_trunc('milliseconds', o.draw_at) AS draw_at,
         (o.cancelled_at IS NULL AND o.drawn_at IS NULL
           AND date_trunc('milliseconds', o.opens_at) <= p_now AND p_now < date_trunc('milliseconds', o.closes_at)) AS open,
         coalesce(r.max_per_week, 2) AS max_per_week, coalesce(r.max_per_day, 1) AS max_per_day,
         coalesce(r.max_upcoming, 4) AS max_upcoming, coalesce(r.min_lead_hours, 12) AS min_lead_hours
    INTO v_round
    FROM opening_rounds o
    LEFT JOIN booking_rules r ON r.season_id = o.season_id
   WHERE o.id = p_round_id
     FOR KEY SHARE OF o;
  IF NOT FOUND OR NOT v_round.open THEN
    RETURN jsonb_build_object('saved', false);
  END IF;
  v_ids := ARRAY(SELECT x.value::uuid FROM jsonb_array_elements_text(p_slot_ids) WITH ORDINALITY AS x(value, rank) ORDER BY x.rank);
  IF cardinality(v_ids) > v_round.max_preferences THEN
    RETURN jsonb_build_object('saved', false);
  END IF;

  IF cardinality(v_ids) = 0 THEN
    DELETE FROM opening_lists WHERE round_id = p_round_id AND team_id = p_team_id;
    RETURN jsonb_build_object('saved', true, 'savedAt', NULL);
  END IF;

  -- The team's confirmed bookings, any season, to the millisecond (as saveFacts reads them).
  v_starts := ARRAY(
    SELECT date_trunc('milliseconds', ts.starts_at)
      FROM bookings b
      JOIN slots ts ON ts.id = b.slot_id
     WHERE b.team_id = p_team_id AND b.status = 'confirmed');

  SELECT EXISTS (
    SELECT 1
      FROM unnest(v_ids) AS l(id)
      LEFT JOIN LATERAL (
        SELECT s.season_id, date_trunc('milliseconds', s.starts_at) AS starts_at, s.status = 'blocked' AS blocked,
               EXISTS (SELECT 1 FROM bookings b WHERE b.slot_id = s.id AND b.status = 'confirmed') AS taken,
               (s.starts_at AT TIME ZONE p_time_zone)::date AS day
          FROM slots s
          JOIN fields f ON f.id = s.field_id
          JOIN facilities fa ON fa.id = f.facility_id
         WHERE s.id = l.id AND s.deleted_at IS NULL AND f.active AND fa.active
        -- Looked up slot by slot by its key: without the fence the planner may join the whole slots table (PGlite
        -- has no autovacuum to gather statistics), which made a save 1.1 ms slower there.
        OFFSET 0
      ) s ON true
     WHERE s.season_id IS NULL
        OR s.season_id <> v_round.season_id
        OR s.day < v_round.covers_from OR s.day > v_round.covers_to
        OR s.blocked
        OR s.taken
        OR s.starts_at <= v_round.draw_at
        OR s.starts_at < v_round.draw_at + make_interval(hours => v_round.min_lead_hours)
        OR (SELECT count(*) FROM unnest(v_starts) AS t(at) WHERE (t.at AT TIME ZONE p_time_zone)::date = s.day) >= v_round.max_per_day
        OR (SELECT count(*) FROM unnest(v_starts) AS t(at)
             WHERE (t.at AT TIME ZONE p_time_zone)::date BETWEEN s.day - (extract(isodow FROM s.day)::int - 1) AND s.day - (extract(isodow FROM s.day)::int - 1) + 6) >= v_round.max_per_week
        OR (SELECT count(*) FROM unnest(v_starts) AS t(at) WHERE t.at > v_round.draw_at) >= v_round.max_upcoming
  ) INTO v_refused;
  IF v_refused THEN
    RETURN jsonb_build_object('saved', false);
  END IF;

  INSERT INTO opening_lists (round_id, team_id, slot_ids, saved_at)
  VALUES (p_round_id, p_team_id, v_ids, now())
  ON CONFLICT (round_id, team_id) DO UPDATE SET slot_ids = excluded.slot_ids, saved_at = excluded.saved_at
  RETURNING saved_at INTO v_saved;
  RETURN jsonb_build_object('saved', true, 'savedAt', cgsl_iso(v_saved));
END;
$$;
