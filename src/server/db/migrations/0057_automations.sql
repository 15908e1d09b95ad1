CREATE TABLE "automation_recipients" (
	"establishment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid NOT NULL,
	"occurrence" text NOT NULL,
	"notification_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automation_recipients_establishment_id_kind_user_id_occurrence_pk" PRIMARY KEY("establishment_id","kind","user_id","occurrence")
);
--> statement-breakpoint
CREATE TABLE "automation_runs" (
	"establishment_id" uuid NOT NULL,
	"day" date NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automation_runs_establishment_id_day_pk" PRIMARY KEY("establishment_id","day")
);
--> statement-breakpoint
CREATE TABLE "automations" (
	"establishment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"days" smallint,
	"text" text DEFAULT '' NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_id" uuid,
	CONSTRAINT "automations_establishment_id_kind_pk" PRIMARY KEY("establishment_id","kind")
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "last_visit_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "automation_recipients" ADD CONSTRAINT "automation_recipients_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_recipients" ADD CONSTRAINT "automation_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_recipients" ADD CONSTRAINT "automation_recipients_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automations" ADD CONSTRAINT "automations_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automations" ADD CONSTRAINT "automations_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "automation_recipients_send_idx" ON "automation_recipients" USING btree ("notification_id","user_id");--> statement-breakpoint
CREATE INDEX "automation_recipients_week_idx" ON "automation_recipients" USING btree ("establishment_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "automations_enabled_idx" ON "automations" USING btree ("establishment_id") WHERE "automations"."enabled";