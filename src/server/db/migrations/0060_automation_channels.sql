ALTER TABLE "automations" ADD COLUMN "channels" text DEFAULT 'choice' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "channels" text[];