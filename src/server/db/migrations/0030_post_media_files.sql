ALTER TABLE "post_media" ADD COLUMN "kind" text DEFAULT 'picture' NOT NULL;--> statement-breakpoint
ALTER TABLE "post_media" ADD COLUMN "file_type" text;--> statement-breakpoint
ALTER TABLE "post_media" ADD COLUMN "file_bytes" integer;--> statement-breakpoint
ALTER TABLE "post_media" ADD COLUMN "duration_seconds" real;