CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"path" text NOT NULL,
	"establishment_id" uuid,
	"source" text DEFAULT 'direct' NOT NULL,
	"referrer_host" text DEFAULT '' NOT NULL,
	"visitor_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_daily" (
	"establishment_id" uuid NOT NULL,
	"day" date NOT NULL,
	"shard" smallint NOT NULL,
	"notifications" integer DEFAULT 0 NOT NULL,
	"posts" integer DEFAULT 0 NOT NULL,
	"devices" integer DEFAULT 0 NOT NULL,
	"reach" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"follows" integer DEFAULT 0 NOT NULL,
	"unfollows" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_daily_establishment_id_day_shard_pk" PRIMARY KEY("establishment_id","day","shard")
);
--> statement-breakpoint
CREATE TABLE "report_funnel_daily" (
	"establishment_id" uuid NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"shard" smallint NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	"followers" integer DEFAULT 0 NOT NULL,
	"verified" integer DEFAULT 0 NOT NULL,
	"push_devices" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_funnel_daily_establishment_id_day_source_shard_pk" PRIMARY KEY("establishment_id","day","source","shard")
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "source" text DEFAULT 'direct' NOT NULL;--> statement-breakpoint
CREATE INDEX "page_views_establishment_idx" ON "page_views" USING btree ("establishment_id","at") WHERE "page_views"."establishment_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "page_views_visitor_idx" ON "page_views" USING btree ("visitor_hash","establishment_id");--> statement-breakpoint
CREATE INDEX "page_views_at_idx" ON "page_views" USING btree ("at");
