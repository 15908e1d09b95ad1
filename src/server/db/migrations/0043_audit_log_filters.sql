ALTER TABLE "audit_log" ADD COLUMN "actor_role" text;--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at","id") WHERE "audit_log"."actor_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_log_establishment_idx" ON "audit_log" USING btree ("target_establishment_id","created_at","id") WHERE "audit_log"."target_establishment_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at","id");