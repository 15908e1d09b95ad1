CREATE TABLE "post_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"establishment_id" uuid NOT NULL,
	"author_id" uuid,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"content" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recurring_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"establishment_id" uuid NOT NULL,
	"author_id" uuid,
	"weekday" smallint NOT NULL,
	"minute_of_day" smallint NOT NULL,
	"until" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "link_url" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "actions" jsonb;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "recurrence_id" uuid;--> statement-breakpoint
ALTER TABLE "post_drafts" ADD CONSTRAINT "post_drafts_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_drafts" ADD CONSTRAINT "post_drafts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_sends" ADD CONSTRAINT "recurring_sends_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_sends" ADD CONSTRAINT "recurring_sends_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_drafts_establishment_idx" ON "post_drafts" USING btree ("establishment_id","kind","updated_at");--> statement-breakpoint
CREATE INDEX "recurring_sends_establishment_idx" ON "recurring_sends" USING btree ("establishment_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_recurrence_id_recurring_sends_id_fk" FOREIGN KEY ("recurrence_id") REFERENCES "public"."recurring_sends"("id") ON DELETE set null ON UPDATE no action;