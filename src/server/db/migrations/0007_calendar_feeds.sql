CREATE TABLE "calendar_feed_versions" (
	"feed_key" text PRIMARY KEY NOT NULL,
	"etag" text NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_calendar_feeds" (
	"team_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"token_salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "team_calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "team_calendar_feeds" ADD CONSTRAINT "team_calendar_feeds_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Bookings made before this migration: a cancelled one has changed once (its event goes out with SEQUENCE 1).
UPDATE "bookings" SET "sequence" = CASE WHEN "status" = 'cancelled' THEN 1 ELSE 0 END, "changed_at" = COALESCE("cancelled_at", "created_at");
--> statement-breakpoint
-- The iCalendar SEQUENCE of a booking, kept by the database whatever code changes the row (docs/decisions/015):
-- a change of status (cancelled) or of slot (moved) adds one and stamps changed_at; nothing can lower it.
CREATE OR REPLACE FUNCTION bookings_bump_sequence() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status OR NEW.slot_id IS DISTINCT FROM OLD.slot_id THEN
    NEW.sequence := OLD.sequence + 1;
    NEW.changed_at := now();
  ELSE
    NEW.sequence := OLD.sequence;
    NEW.changed_at := OLD.changed_at;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bookings_sequence_on_change
  BEFORE UPDATE ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION bookings_bump_sequence();
