-- Issue 10, database hardening (docs/decisions/011-input-limits-and-hardening.md).
--
-- 1. CHECK constraints: every role, status, scope, category and surface column holds only the values the
--    application knows (the shared constants in src/shared). A database that already holds data is checked
--    first: if any row holds another value, the migration stops with the list and changes nothing (the whole
--    migration is one transaction), so an operator corrects those rows rather than have them rewritten silently.
DO $$
DECLARE
  problems text := '';
  n bigint;
BEGIN
  SELECT count(*) INTO n FROM "users" WHERE "role" NOT IN ('admin', 'coach', 'member');
  IF n > 0 THEN problems := problems || format(E'\n  users.role: %s row(s) not admin, coach or member', n); END IF;
  SELECT count(*) INTO n FROM "invitations" WHERE "role" NOT IN ('admin', 'coach', 'member');
  IF n > 0 THEN problems := problems || format(E'\n  invitations.role: %s row(s) not admin, coach or member', n); END IF;
  SELECT count(*) INTO n FROM "fields" WHERE "surface" NOT IN ('grass', 'turf', 'dirt', 'mixed');
  IF n > 0 THEN problems := problems || format(E'\n  fields.surface: %s row(s) not grass, turf, dirt or mixed', n); END IF;
  SELECT count(*) INTO n FROM "slots" WHERE "status" NOT IN ('open', 'blocked');
  IF n > 0 THEN problems := problems || format(E'\n  slots.status: %s row(s) not open or blocked', n); END IF;
  SELECT count(*) INTO n FROM "blocks" WHERE "scope" NOT IN ('slot', 'field', 'facility');
  IF n > 0 THEN problems := problems || format(E'\n  blocks.scope: %s row(s) not slot, field or facility', n); END IF;
  SELECT count(*) INTO n FROM "blocks" WHERE "category" NOT IN ('weather', 'maintenance', 'event', 'other');
  IF n > 0 THEN problems := problems || format(E'\n  blocks.category: %s row(s) not weather, maintenance, event or other', n); END IF;
  SELECT count(*) INTO n FROM "bookings" WHERE "status" NOT IN ('confirmed', 'cancelled');
  IF n > 0 THEN problems := problems || format(E'\n  bookings.status: %s row(s) not confirmed or cancelled', n); END IF;
  SELECT count(*) INTO n FROM "mail_messages" WHERE "status" NOT IN ('pending', 'sending', 'sent', 'failed');
  IF n > 0 THEN problems := problems || format(E'\n  mail_messages.status: %s row(s) not pending, sending, sent or failed', n); END IF;
  IF problems <> '' THEN
    RAISE EXCEPTION 'Migration 0006_hardening stopped: some rows hold values the application does not know:%', problems
      USING HINT = 'Nothing was changed. Correct those rows (docs/decisions/011-input-limits-and-hardening.md), then start the server again.';
  END IF;
END $$;
--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_scope_valid" CHECK ("blocks"."scope" in ('slot', 'field', 'facility'));--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_category_valid" CHECK ("blocks"."category" in ('weather', 'maintenance', 'event', 'other'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status_valid" CHECK ("bookings"."status" in ('confirmed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "fields" ADD CONSTRAINT "fields_surface_valid" CHECK ("fields"."surface" in ('grass', 'turf', 'dirt', 'mixed'));--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_role_valid" CHECK ("invitations"."role" in ('admin', 'coach', 'member'));--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_status_valid" CHECK ("mail_messages"."status" in ('pending', 'sending', 'sent', 'failed'));--> statement-breakpoint
ALTER TABLE "slots" ADD CONSTRAINT "slots_status_valid" CHECK ("slots"."status" in ('open', 'blocked'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_valid" CHECK ("users"."role" in ('admin', 'coach', 'member'));--> statement-breakpoint
-- 2. The audit log stays append-only against the app's own role too. The triggers of 0001 refuse UPDATE, DELETE
--    and TRUNCATE for everyone, the table's owner included (on this machine the app connects as the owner, so they
--    are what really holds). ENABLE ALWAYS keeps them firing even in a session that sets
--    session_replication_role = replica, which otherwise skips triggers. The REVOKE makes the rights explicit for
--    any other role: an operator who runs the app as a role that does not own the tables (and was granted only
--    SELECT, INSERT on audit_log) gets the stronger guarantee that the owner alone could even drop the triggers.
ALTER TABLE "audit_log" ENABLE ALWAYS TRIGGER "audit_log_no_update_delete";--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE ALWAYS TRIGGER "audit_log_no_truncate";--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON "audit_log" FROM PUBLIC;
