ALTER TABLE "recurring_sends" ALTER COLUMN "until" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "recurring_sends" ADD COLUMN "weekdays" smallint[] DEFAULT '{}'::smallint[] NOT NULL;