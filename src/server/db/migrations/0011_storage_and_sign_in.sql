CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bucket" text NOT NULL,
	"full_path" text NOT NULL,
	"name" text NOT NULL,
	"owner_id" text,
	"size" bigint NOT NULL,
	"generation" bigint NOT NULL,
	"metageneration" integer DEFAULT 1 NOT NULL,
	"md5_hash" text NOT NULL,
	"content_type" text NOT NULL,
	"cache_control" text,
	"content_disposition" text,
	"content_encoding" text,
	"content_language" text,
	"custom_metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"download_token" text NOT NULL,
	"time_created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_size_nonnegative" CHECK ("stored_files"."size" >= 0)
);
--> statement-breakpoint
ALTER TABLE "league_settings" ADD COLUMN "password_sign_up" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stored_files_bucket_path_key" ON "stored_files" USING btree ("bucket","full_path");--> statement-breakpoint
CREATE INDEX "stored_files_owner_idx" ON "stored_files" USING btree ("owner_id");