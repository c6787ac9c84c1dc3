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
