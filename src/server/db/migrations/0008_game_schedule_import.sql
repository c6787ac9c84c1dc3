ALTER TABLE "blocks" ADD COLUMN "import_key" text;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_import_key_unique" UNIQUE("import_key");