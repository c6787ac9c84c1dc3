-- Coaches' ranked lists saved together: one database call for the saves that arrive while others are on their way
-- (issue 26's preference rush on the embedded database, docs/decisions/030; db/group-commit.ts gathers them).
--
-- cgsl_save_preferences_many(p_saves jsonb) RETURNS jsonb
--
--   p_saves      a JSON array of {"roundId", "teamId", "slotIds": [...], "now": ISO 8601, "timeZone": the league's
--                IANA zone}, in arrival order
--
-- Each save is judged and written by cgsl_save_preferences (migration 0015), one after another in the array's order
-- (two saves of one team: the later one's list is kept), all in the one transaction of the call. Returns a JSON array
-- of their answers in the same order. An error in any one fails the call and writes nothing; the caller then sends
-- each save alone.
CREATE OR REPLACE FUNCTION cgsl_save_preferences_many(p_saves jsonb)
RETURNS jsonb LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_save jsonb;
  v_answers jsonb := '[]'::jsonb;
BEGIN
  FOR v_save IN SELECT x.value FROM jsonb_array_elements(p_saves) WITH ORDINALITY AS x(value, n) ORDER BY x.n LOOP
    v_answers := v_answers || jsonb_build_array(cgsl_save_preferences(
      (v_save->>'roundId')::uuid, (v_save->>'teamId')::uuid, v_save->'slotIds', (v_save->>'now')::timestamptz, v_save->>'timeZone'));
  END LOOP;
  RETURN v_answers;
END;
$$;
