CREATE TABLE "booking_rules" (
	"season_id" uuid PRIMARY KEY NOT NULL,
	"booking_open" boolean DEFAULT true NOT NULL,
	"paused_message" text,
	"window_opens_at" timestamp with time zone,
	"window_closes_at" timestamp with time zone,
	"max_per_week" integer DEFAULT 2 NOT NULL,
	"max_per_day" integer DEFAULT 1 NOT NULL,
	"max_upcoming" integer DEFAULT 4 NOT NULL,
	"min_lead_hours" integer DEFAULT 12 NOT NULL,
	"max_ahead_days" integer DEFAULT 21 NOT NULL,
	"cancel_cutoff_hours" integer DEFAULT 24 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_rules" ADD CONSTRAINT "booking_rules_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;