-- The preference save's one call (migration 0015) with the team's division (issue 29, decision 035):
--
-- cgsl_save_preferences(p_round_id uuid, p_team_id uuid, p_slot_ids jsonb, p_now timestamptz, p_time_zone text)
--   RETURNS jsonb, as in 0015 ({"saved": true, "savedAt": …} or {"saved": false}, nothing written).
--
-- What changes, each as opening.service `preferencesRefusal` (the long way) now judges it:
--   the staged opening: a team whose division has its own time in the round (opening_round_divisions) saves nothing
--   before it (to the millisecond), whatever the round's own opens_at;
--   a slot on a field limited to some divisions (field_divisions) that are not the team's (or the team has none) is
--   refused;
--   the team's limits are its division's own in the round's season where it set them (division_rules, each column
--   null for the season's), else the season's rules row, else DEFAULT_BOOKING_RULES's (rulesForDivision).
-- Everything else is 0015's. cgsl_save_preferences_many (0016) calls this one by name and is unchanged.
CREATE OR REPLACE FUNCTION cgsl_save_preferences(p_round_id uuid, p_team_id uuid, p_slot_ids jsonb, p_now timestamptz, p_time_zone text)
RETURNS jsonb LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_division uuid;
  v_round record;
  v_ids uuid[];
  v_starts timestamptz[];
  v_refused boolean;
  v_saved timestamptz;
BEGIN
  -- The team's division (null: none, or no such team: the insert's foreign key refuses that as before).
  SELECT t.division_id INTO v_division FROM teams t WHERE t.id = p_team_id;

  SELECT o.season_id, o.covers_from, o.covers_to, o.max_preferences, date_trunc('milliseconds', o.draw_at) AS draw_at,
         (o.cancelled_at IS NULL AND o.drawn_at IS NULL
           AND date_trunc('milliseconds', o.opens_at) <= p_now AND p_now < date_trunc('milliseconds', o.closes_at)
           AND (od.opens_at IS NULL OR date_trunc('milliseconds', od.opens_at) <= p_now)) AS open,
         coalesce(dr.max_per_week, r.max_per_week, 2) AS max_per_week, coalesce(dr.max_per_day, r.max_per_day, 1) AS max_per_day,
         coalesce(dr.max_upcoming, r.max_upcoming, 4) AS max_upcoming, coalesce(dr.min_lead_hours, r.min_lead_hours, 12) AS min_lead_hours
    INTO v_round
    FROM opening_rounds o
    LEFT JOIN booking_rules r ON r.season_id = o.season_id
    LEFT JOIN division_rules dr ON dr.season_id = o.season_id AND dr.division_id = v_division
    LEFT JOIN opening_round_divisions od ON od.round_id = o.id AND od.division_id = v_division
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
               (s.starts_at AT TIME ZONE p_time_zone)::date AS day,
               -- A field limited to some divisions is the team's only if its division is among them (fieldAllows).
               (NOT EXISTS (SELECT 1 FROM field_divisions fd WHERE fd.field_id = f.id)
                 OR EXISTS (SELECT 1 FROM field_divisions fd WHERE fd.field_id = f.id AND fd.division_id = v_division)) AS field_ok
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
        OR NOT s.field_ok
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
