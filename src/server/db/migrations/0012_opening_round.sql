CREATE TABLE "opening_preferences" (
	"round_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"rank" integer NOT NULL,
	"slot_id" uuid NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opening_preferences_round_id_team_id_rank_pk" PRIMARY KEY("round_id","team_id","rank"),
	CONSTRAINT "opening_preferences_rank_range" CHECK ("opening_preferences"."rank" between 1 and 50)
);
--> statement-breakpoint
CREATE TABLE "opening_rounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"season_id" uuid NOT NULL,
	"covers_from" date NOT NULL,
	"covers_to" date NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"draw_at" timestamp with time zone NOT NULL,
	"max_preferences" integer NOT NULL,
	"first_come_after" boolean NOT NULL,
	"weighting" text NOT NULL,
	"seed" text NOT NULL,
	"seed_hash" text NOT NULL,
	"drawn_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"result" jsonb,
	"inputs" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "opening_rounds_covers_order" CHECK ("opening_rounds"."covers_from" <= "opening_rounds"."covers_to"),
	CONSTRAINT "opening_rounds_times_order" CHECK ("opening_rounds"."opens_at" < "opening_rounds"."closes_at" and "opening_rounds"."closes_at" <= "opening_rounds"."draw_at"),
	CONSTRAINT "opening_rounds_max_preferences_range" CHECK ("opening_rounds"."max_preferences" between 1 and 50),
	CONSTRAINT "opening_rounds_weighting_valid" CHECK ("opening_rounds"."weighting" in ('none', 'fewer-prime-hours-first')),
	CONSTRAINT "opening_rounds_drawn_or_cancelled" CHECK ("opening_rounds"."drawn_at" is null or "opening_rounds"."cancelled_at" is null),
	CONSTRAINT "opening_rounds_drawn_has_result" CHECK (("opening_rounds"."drawn_at" is null) = ("opening_rounds"."result" is null) and ("opening_rounds"."drawn_at" is null) = ("opening_rounds"."inputs" is null))
);
--> statement-breakpoint
ALTER TABLE "opening_preferences" ADD CONSTRAINT "opening_preferences_round_id_opening_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."opening_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_preferences" ADD CONSTRAINT "opening_preferences_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_preferences" ADD CONSTRAINT "opening_preferences_slot_id_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_rounds" ADD CONSTRAINT "opening_rounds_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "opening_preferences_one_rank_per_slot_idx" ON "opening_preferences" USING btree ("round_id","team_id","slot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "opening_rounds_one_pending_per_season_idx" ON "opening_rounds" USING btree ("season_id") WHERE "opening_rounds"."drawn_at" is null and "opening_rounds"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "opening_rounds_due_idx" ON "opening_rounds" USING btree ("draw_at") WHERE "opening_rounds"."drawn_at" is null and "opening_rounds"."cancelled_at" is null;