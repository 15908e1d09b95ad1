ALTER TABLE "notifications" ADD COLUMN "local_time" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "recurring_sends" ADD COLUMN "local_time" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone_chosen" boolean DEFAULT false NOT NULL;