ALTER TABLE "users" ADD COLUMN "birth_month" smallint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "birth_day" smallint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "birthday_consent_at" timestamp with time zone;