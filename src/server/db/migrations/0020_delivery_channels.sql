ALTER TABLE "memberships" ADD COLUMN "notify" text DEFAULT 'auto' NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "paused_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "channel" text DEFAULT 'push' NOT NULL;--> statement-breakpoint
ALTER TABLE "report_daily" ADD COLUMN "emails" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_daily" ADD COLUMN "email_clicks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_bounced_at" timestamp with time zone;