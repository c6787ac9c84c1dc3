CREATE TABLE "announcement_dismissals" (
	"announcement_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"dismissed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcement_dismissals_announcement_id_user_id_pk" PRIMARY KEY("announcement_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"audience" text DEFAULT 'everyone' NOT NULL,
	"severity" text DEFAULT 'info' NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"publish_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"created_by" text,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcements_audience_valid" CHECK ("announcements"."audience" in ('everyone', 'coaches', 'admins')),
	CONSTRAINT "announcements_severity_valid" CHECK ("announcements"."severity" in ('info', 'warning', 'urgent')),
	CONSTRAINT "announcements_expires_after_publish" CHECK ("announcements"."expires_at" is null or "announcements"."expires_at" > "announcements"."publish_at")
);
--> statement-breakpoint
CREATE TABLE "clinic_registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "clinic_registrations_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"clinic_id" uuid NOT NULL,
	"user_id" text,
	"participant_name" text NOT NULL,
	"participant_age" integer NOT NULL,
	"emergency_contact" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"promoted_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" text,
	CONSTRAINT "clinic_registrations_status_valid" CHECK ("clinic_registrations"."status" in ('registered', 'waitlisted', 'cancelled')),
	CONSTRAINT "clinic_registrations_age_range" CHECK ("clinic_registrations"."participant_age" between 3 and 99)
);
--> statement-breakpoint
CREATE TABLE "clinics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"facility_id" uuid,
	"location_text" text,
	"age_group" text,
	"capacity" integer NOT NULL,
	"registration_opens_at" timestamp with time zone,
	"registration_closes_at" timestamp with time zone,
	"published" boolean DEFAULT false NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" text,
	"cancel_reason" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinics_ends_after_start" CHECK ("clinics"."ends_at" > "clinics"."starts_at"),
	CONSTRAINT "clinics_capacity_positive" CHECK ("clinics"."capacity" > 0),
	CONSTRAINT "clinics_has_location" CHECK ("clinics"."facility_id" is not null or "clinics"."location_text" is not null),
	CONSTRAINT "clinics_registration_window" CHECK ("clinics"."registration_closes_at" is null or "clinics"."registration_opens_at" is null or "clinics"."registration_closes_at" > "clinics"."registration_opens_at")
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"user_id" text,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_messages_status_valid" CHECK ("contact_messages"."status" in ('new', 'read', 'archived'))
);
--> statement-breakpoint
CREATE TABLE "practice_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"requested_by" text,
	"preferred_dates" date[] NOT NULL,
	"window_start" time NOT NULL,
	"window_end" time NOT NULL,
	"duration_minutes" integer NOT NULL,
	"facility_id" uuid,
	"field_id" uuid,
	"notes" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"response" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"booking_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practice_requests_status_valid" CHECK ("practice_requests"."status" in ('pending', 'approved', 'declined', 'withdrawn')),
	CONSTRAINT "practice_requests_dates_count" CHECK (cardinality("practice_requests"."preferred_dates") between 1 and 3),
	CONSTRAINT "practice_requests_window_order" CHECK ("practice_requests"."window_end" > "practice_requests"."window_start"),
	CONSTRAINT "practice_requests_duration_range" CHECK ("practice_requests"."duration_minutes" between 15 and 480)
);
--> statement-breakpoint
ALTER TABLE "announcement_dismissals" ADD CONSTRAINT "announcement_dismissals_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_dismissals" ADD CONSTRAINT "announcement_dismissals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_registrations" ADD CONSTRAINT "clinic_registrations_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_registrations" ADD CONSTRAINT "clinic_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinics" ADD CONSTRAINT "clinics_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_requests" ADD CONSTRAINT "practice_requests_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_requests" ADD CONSTRAINT "practice_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_requests" ADD CONSTRAINT "practice_requests_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_requests" ADD CONSTRAINT "practice_requests_field_id_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."fields"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_requests" ADD CONSTRAINT "practice_requests_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_window_idx" ON "announcements" USING btree ("publish_at","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_registrations_one_per_participant_idx" ON "clinic_registrations" USING btree ("clinic_id","user_id",lower("participant_name")) WHERE "clinic_registrations"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "clinic_registrations_clinic_idx" ON "clinic_registrations" USING btree ("clinic_id","status","seq");--> statement-breakpoint
CREATE INDEX "clinic_registrations_user_idx" ON "clinic_registrations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "clinics_starts_idx" ON "clinics" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "contact_messages_inbox_idx" ON "contact_messages" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_email_idx" ON "contact_messages" USING btree (lower("email"),"created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_ip_idx" ON "contact_messages" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "practice_requests_team_idx" ON "practice_requests" USING btree ("team_id","status");--> statement-breakpoint
CREATE INDEX "practice_requests_queue_idx" ON "practice_requests" USING btree ("status","created_at");