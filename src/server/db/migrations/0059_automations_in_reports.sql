ALTER TABLE "report_daily" ADD COLUMN "automated" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_daily" ADD COLUMN "automated_clicks" integer DEFAULT 0 NOT NULL;