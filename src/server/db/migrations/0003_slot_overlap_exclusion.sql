-- Two live slots of one field never overlap, whatever the application does (SQLSTATE 23P01 on a clash).
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "slots" ADD CONSTRAINT "slots_no_overlap_per_field"
  EXCLUDE USING gist ("field_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
  WHERE ("deleted_at" IS NULL);
