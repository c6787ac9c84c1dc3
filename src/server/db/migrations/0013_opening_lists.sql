CREATE TABLE "opening_lists" (
	"round_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"slot_ids" uuid[] NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opening_lists_round_id_team_id_pk" PRIMARY KEY("round_id","team_id"),
	CONSTRAINT "opening_lists_length" CHECK (cardinality("opening_lists"."slot_ids") between 1 and 50)
);
--> statement-breakpoint
-- Every saved list kept: one row per team, its slots in rank order.
INSERT INTO "opening_lists" ("round_id", "team_id", "slot_ids", "saved_at")
SELECT "round_id", "team_id", array_agg("slot_id" ORDER BY "rank"), max("saved_at") FROM "opening_preferences" GROUP BY "round_id", "team_id";--> statement-breakpoint
DROP TABLE "opening_preferences" CASCADE;--> statement-breakpoint
ALTER TABLE "opening_lists" ADD CONSTRAINT "opening_lists_round_id_opening_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."opening_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_lists" ADD CONSTRAINT "opening_lists_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;