ALTER TABLE "notifications" ADD COLUMN "valid_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "secret_hash" text;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "failed_sends" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "stale_since" timestamp with time zone;--> statement-breakpoint
-- The funnel's "push on" counts live devices only (issue 26): a device skipped as stale
-- (stale_since set) counts as push off until a receipt clears it.
CREATE OR REPLACE FUNCTION report_follower(p_user uuid, p_establishment uuid, p_followed_at timestamptz,
  p_source text, p_sign integer, p_verified boolean, p_event_at timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_event_at IS NOT NULL AND p_sign > 0 THEN
    PERFORM report_add(p_establishment, p_event_at, p_follows => 1);
  ELSIF p_event_at IS NOT NULL THEN
    PERFORM report_add(p_establishment, p_event_at, p_unfollows => 1);
  END IF;
  PERFORM report_funnel_add(p_establishment, p_followed_at, p_source,
    p_followers => p_sign,
    p_verified => p_sign * coalesce(p_verified, false)::int,
    p_push_devices => p_sign * (SELECT count(*)::int FROM push_subscriptions
                                 WHERE user_id = p_user AND stale_since IS NULL));
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_push_subscription_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.stale_since IS NULL THEN
    PERFORM report_funnel_add(m.establishment_id, m.created_at, m.source, p_push_devices => -1)
    FROM memberships m WHERE m.user_id = OLD.user_id AND m.kind = 'customer';
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.stale_since IS NULL THEN
    PERFORM report_funnel_add(m.establishment_id, m.created_at, m.source, p_push_devices => 1)
    FROM memberships m WHERE m.user_id = NEW.user_id AND m.kind = 'customer';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER report_push_subscription_moved ON push_subscriptions;
--> statement-breakpoint
CREATE TRIGGER report_push_subscription_moved AFTER UPDATE OF user_id, stale_since ON push_subscriptions
FOR EACH ROW WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id
  OR (OLD.stale_since IS NULL) IS DISTINCT FROM (NEW.stale_since IS NULL))
EXECUTE FUNCTION report_push_subscription_changed();
