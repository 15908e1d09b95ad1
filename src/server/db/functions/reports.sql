-- The reports' triggers (docs/reports.md): every event that a dashboard figure counts (a send, a
-- delivery and its receipt, a follow, a verification, a device, a page view, a comment, a reaction)
-- adds to the rollup tables in the transaction that makes it. This file is the current definition
-- of each function and trigger: applied after the migrations at every start (CREATE OR REPLACE), so
-- a change is made here, not in a new migration. The migrations that first created them stay as
-- they were.
--> statement-breakpoint
-- The rollups' writers (see src/server/db/schema/reports.ts). A day is the event's local date in
-- its establishment's time zone; nothing is counted for an establishment that no longer exists or
-- was deleted (its follows ended on the day it was deleted: report_establishment_deleted).
CREATE OR REPLACE FUNCTION report_day(p_establishment uuid, p_at timestamptz) RETURNS date
LANGUAGE sql STABLE AS $$
  SELECT (p_at AT TIME ZONE time_zone)::date FROM establishments WHERE id = p_establishment AND deleted_at IS NULL
$$;
--> statement-breakpoint
-- The signature before emails were counted: its replacement below takes three more counts.
DROP FUNCTION IF EXISTS report_add(
  uuid, timestamptz, integer, integer, integer, integer, integer, integer, integer, integer, integer
);
--> statement-breakpoint
-- The signature before confirmed followers were counted (migration 0024): one count fewer.
DROP FUNCTION IF EXISTS report_add(
  uuid, timestamptz, integer, integer, integer, integer, integer, integer, integer, integer, integer,
  integer, integer
);
--> statement-breakpoint
-- The signature before automations were counted apart (migration 0059): two counts fewer.
DROP FUNCTION IF EXISTS report_add(
  uuid, timestamptz, integer, integer, integer, integer, integer, integer, integer, integer, integer,
  integer, integer, integer
);
--> statement-breakpoint
-- A new shard for a scope's day (`p_key`: which one; `p_used`: the numbers it has), claimed for this
-- transaction with an advisory lock on (p_key, number), so that writers making a shard at the same
-- moment (none sees the others' uncommitted rows) each make a different one. The lowest unclaimed:
-- 0 while the day has no shard 0, so that a day folded by housekeeping (report_fold_shards folds
-- into the lowest) ends as its shard 0, out of the index of rows left to fold. A transaction claims
-- at most 8: advisory locks take room in the server's shared lock table until commit, and one
-- statement writing many days (a seed, a cascade) would fill it ("out of shared memory"); past
-- those, and when all 16 are claimed, it takes the lowest number unused without a claim (a writer
-- making the same one at the same moment then waits for it).
CREATE OR REPLACE FUNCTION report_claim_shard(p_key text, p_used smallint[]) RETURNS smallint
LANGUAGE plpgsql AS $$
DECLARE
  v_claims integer := coalesce(nullif(current_setting('report.shard_claims', true), ''), '0')::integer;
  v_shard smallint;
BEGIN
  IF v_claims < 8 THEN
    FOR v_shard IN SELECT s::smallint FROM generate_series(0, 15) s WHERE s::smallint <> ALL (p_used) ORDER BY s
    LOOP
      IF pg_try_advisory_xact_lock(hashtext(p_key), v_shard) THEN
        PERFORM set_config('report.shard_claims', (v_claims + 1)::text, true);
        RETURN v_shard;
      END IF;
    END LOOP;
  END IF;
  RETURN coalesce(
    (SELECT min(s)::smallint FROM generate_series(0, 15) s WHERE s::smallint <> ALL (p_used)),
    (pg_backend_pid() % 16)::smallint);
END $$;
--> statement-breakpoint
-- Which shard of a scope's day (an establishment's, or the platform's) this transaction adds to:
-- one that no other open transaction holds, so a writer does not queue behind a send, a fan-out
-- page or a receipt still in its transaction (a send's holds the platform's row until it commits;
-- shards chosen by connection made sends wait on each other's commits, bench:send-cost). A free
-- existing shard first, locked here until commit (a shard this transaction
-- already holds is free to it); else a new one (report_claim_shard).
CREATE OR REPLACE FUNCTION report_daily_shard(p_scope uuid, p_day date) RETURNS smallint
LANGUAGE plpgsql AS $$
DECLARE
  v_shard smallint;
BEGIN
  SELECT shard INTO v_shard FROM report_daily
   WHERE establishment_id = p_scope AND day = p_day
   ORDER BY shard LIMIT 1 FOR UPDATE SKIP LOCKED;
  IF FOUND THEN RETURN v_shard; END IF;
  RETURN report_claim_shard('report_daily ' || p_scope || ' ' || p_day, ARRAY(
    SELECT shard FROM report_daily WHERE establishment_id = p_scope AND day = p_day));
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_add(
  p_establishment uuid, p_at timestamptz,
  p_notifications integer DEFAULT 0, p_posts integer DEFAULT 0, p_devices integer DEFAULT 0,
  p_reach integer DEFAULT 0, p_clicks integer DEFAULT 0, p_follows integer DEFAULT 0,
  p_unfollows integer DEFAULT 0, p_reactions integer DEFAULT 0, p_comments integer DEFAULT 0,
  p_emails integer DEFAULT 0, p_email_clicks integer DEFAULT 0, p_confirmed integer DEFAULT 0,
  p_automated integer DEFAULT 0, p_automated_clicks integer DEFAULT 0
) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_day date := report_day(p_establishment, p_at);
  v_scope uuid;
BEGIN
  IF v_day IS NULL THEN RETURN; END IF;
  -- The platform's row first, then the establishment's: every writer takes the locks in this order.
  FOREACH v_scope IN ARRAY ARRAY['00000000-0000-0000-0000-000000000000'::uuid, p_establishment] LOOP
    INSERT INTO report_daily AS r
      (establishment_id, day, shard, notifications, posts, devices, reach, clicks, follows, unfollows,
       reactions, comments, emails, email_clicks, confirmed, automated, automated_clicks)
    VALUES
      (v_scope, v_day, report_daily_shard(v_scope, v_day), p_notifications, p_posts, p_devices,
       p_reach, p_clicks, p_follows, p_unfollows, p_reactions, p_comments, p_emails, p_email_clicks,
       p_confirmed, p_automated, p_automated_clicks)
    ON CONFLICT (establishment_id, day, shard) DO UPDATE SET
      notifications = r.notifications + excluded.notifications,
      posts = r.posts + excluded.posts,
      devices = r.devices + excluded.devices,
      reach = r.reach + excluded.reach,
      clicks = r.clicks + excluded.clicks,
      follows = r.follows + excluded.follows,
      unfollows = r.unfollows + excluded.unfollows,
      reactions = r.reactions + excluded.reactions,
      comments = r.comments + excluded.comments,
      emails = r.emails + excluded.emails,
      email_clicks = r.email_clicks + excluded.email_clicks,
      confirmed = r.confirmed + excluded.confirmed,
      automated = r.automated + excluded.automated,
      automated_clicks = r.automated_clicks + excluded.automated_clicks;
  END LOOP;
END $$;
--> statement-breakpoint
-- The signature before the funnel counted email: its replacement below takes one more count.
DROP FUNCTION IF EXISTS report_funnel_add(uuid, timestamptz, text, integer, integer, integer, integer, integer);
--> statement-breakpoint
-- The signature before the funnel counted guests (followers without an account).
DROP FUNCTION IF EXISTS report_funnel_add(uuid, timestamptz, text, integer, integer, integer, integer, integer, integer);
--> statement-breakpoint
-- The funnel's shard of a scope's day and source, chosen as report_daily_shard chooses (a follow
-- from a QR code at the door holds the platform's row until its transaction commits).
CREATE OR REPLACE FUNCTION report_funnel_shard(p_scope uuid, p_day date, p_source text) RETURNS smallint
LANGUAGE plpgsql AS $$
DECLARE
  v_shard smallint;
BEGIN
  SELECT shard INTO v_shard FROM report_funnel_daily
   WHERE establishment_id = p_scope AND day = p_day AND source = p_source
   ORDER BY shard LIMIT 1 FOR UPDATE SKIP LOCKED;
  IF FOUND THEN RETURN v_shard; END IF;
  RETURN report_claim_shard('report_funnel_daily ' || p_scope || ' ' || p_day || ' ' || p_source, ARRAY(
    SELECT shard FROM report_funnel_daily
     WHERE establishment_id = p_scope AND day = p_day AND source = p_source));
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_funnel_add(
  p_establishment uuid, p_at timestamptz, p_source text,
  p_views integer DEFAULT 0, p_visitors integer DEFAULT 0, p_followers integer DEFAULT 0,
  p_verified integer DEFAULT 0, p_push_devices integer DEFAULT 0, p_email_on integer DEFAULT 0,
  p_guests integer DEFAULT 0
) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_day date := report_day(p_establishment, p_at);
  v_scope uuid;
BEGIN
  IF v_day IS NULL THEN RETURN; END IF;
  -- The platform's row first, then the establishment's, as report_add.
  FOREACH v_scope IN ARRAY ARRAY['00000000-0000-0000-0000-000000000000'::uuid, p_establishment] LOOP
    INSERT INTO report_funnel_daily AS r
      (establishment_id, day, source, shard, views, visitors, followers, verified, push_devices, email_on, guests)
    VALUES
      (v_scope, v_day, p_source, report_funnel_shard(v_scope, v_day, p_source), p_views, p_visitors,
       p_followers, p_verified, p_push_devices, p_email_on, p_guests)
    ON CONFLICT (establishment_id, day, source, shard) DO UPDATE SET
      views = r.views + excluded.views,
      visitors = r.visitors + excluded.visitors,
      followers = r.followers + excluded.followers,
      verified = r.verified + excluded.verified,
      push_devices = r.push_devices + excluded.push_devices,
      email_on = r.email_on + excluded.email_on,
      guests = r.guests + excluded.guests;
  END LOOP;
END $$;
--> statement-breakpoint
-- Whether a follower with this choice accepts the business's email (the funnel's "email on"): they
-- consented, their address does not bounce, and their choice has email (auto falls back to it).
-- A pause is left out: it ends by itself, and nothing would count them back.
CREATE OR REPLACE FUNCTION report_accepts_email(p_consent boolean, p_bounced_at timestamptz, p_notify text)
RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(p_consent, false) AND p_bounced_at IS NULL AND p_notify IN ('auto', 'email', 'both')
$$;
--> statement-breakpoint
-- A follower joining (p_sign 1) or leaving (-1): the follow or unfollow on the day it happens
-- (p_event_at; NULL when the same person still follows and only their membership's source changed),
-- a confirmed follower more or less when their email is confirmed (else they join or leave the
-- waiting), and their place in the funnel's cohort of the day they followed, with their verification
-- and their live devices ("push on": a device skipped as stale counts as off until a receipt clears it).
-- The signature before the funnel counted email: its replacement takes the membership's choice.
DROP FUNCTION IF EXISTS report_follower(uuid, uuid, timestamptz, text, integer, boolean, timestamptz);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_follower(p_user uuid, p_establishment uuid, p_followed_at timestamptz,
  p_source text, p_notify text, p_sign integer, p_verified boolean, p_event_at timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE v_guest boolean;
BEGIN
  IF p_event_at IS NOT NULL AND p_sign > 0 THEN
    PERFORM report_add(p_establishment, p_event_at, p_follows => 1,
      p_confirmed => coalesce(p_verified, false)::int);
  ELSIF p_event_at IS NOT NULL THEN
    PERFORM report_add(p_establishment, p_event_at, p_unfollows => 1,
      p_confirmed => -coalesce(p_verified, false)::int);
  END IF;
  -- A guest (no account) counts as a follower and among the guests, never as a confirmed email.
  v_guest := coalesce((SELECT guest FROM users WHERE id = p_user), false);
  PERFORM report_funnel_add(p_establishment, p_followed_at, p_source,
    p_followers => p_sign,
    p_verified => p_sign * (coalesce(p_verified, false) AND NOT v_guest)::int,
    p_guests => p_sign * v_guest::int,
    p_push_devices => p_sign * (SELECT count(*)::int FROM push_subscriptions
                                 WHERE user_id = p_user AND stale_since IS NULL),
    p_email_on => p_sign * coalesce((SELECT report_accepts_email(marketing_consent, email_bounced_at, p_notify)::int
                                       FROM users WHERE id = p_user), 0));
END $$;
--> statement-breakpoint
-- A scheduled send is counted when the scheduler releases it (its created_at is then the moment it
-- went out); a cancelled one never was. A welcome is no send of the business's: its deliveries,
-- receipts and clicks count (below), not the welcome itself.
CREATE OR REPLACE FUNCTION report_notifications_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'scheduled' OR NEW.source <> 'post' THEN RETURN NULL; END IF;
  PERFORM report_add(NEW.establishment_id, NEW.created_at, p_notifications => 1, p_posts => NEW.in_feed::int);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER report_notifications_inserted AFTER INSERT ON notifications
FOR EACH ROW EXECUTE FUNCTION report_notifications_inserted();
--> statement-breakpoint
-- The fan-out inserts deliveries in batches: one rollup write per notification per statement. An
-- operator's notice of comments reaches the business's own devices: no reach of its.
CREATE OR REPLACE FUNCTION report_deliveries_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN
    SELECT n.establishment_id, n.created_at, n.source = 'automation' AS automated,
           count(*) FILTER (WHERE a.channel = 'push')::int AS devices,
           count(*) FILTER (WHERE a.channel = 'email')::int AS emails,
           count(a.received_at) FILTER (WHERE a.channel = 'push')::int AS reach,
           count(a.clicked_at) FILTER (WHERE a.channel = 'push')::int AS clicks,
           count(a.clicked_at) FILTER (WHERE a.channel = 'email')::int AS email_clicks
    FROM added a JOIN notifications n ON n.id = a.notification_id AND n.source NOT IN ('comments', 'message')
    GROUP BY n.id, n.establishment_id, n.created_at, n.source
  LOOP
    -- An automation's deliveries are counted apart from the business's own sends.
    IF r.automated THEN
      PERFORM report_add(r.establishment_id, r.created_at,
        p_automated => r.devices + r.emails, p_automated_clicks => r.clicks + r.email_clicks);
    ELSE
      PERFORM report_add(r.establishment_id, r.created_at,
        p_devices => r.devices, p_reach => r.reach, p_clicks => r.clicks,
        p_emails => r.emails, p_email_clicks => r.email_clicks);
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER report_deliveries_inserted AFTER INSERT ON deliveries
REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION report_deliveries_inserted();
--> statement-breakpoint
-- A receipt or a click, counted on the day the notification was sent (so reach is a share of it).
-- An email has no receipt (we do not track opening); its "Open" button's click counts apart.
CREATE OR REPLACE FUNCTION report_delivery_receipt() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_clicked integer := (NEW.clicked_at IS NOT NULL)::int - (OLD.clicked_at IS NOT NULL)::int;
BEGIN
  PERFORM report_add(n.establishment_id, n.created_at,
    p_reach => CASE WHEN NEW.channel = 'push' AND n.source <> 'automation'
                 THEN (NEW.received_at IS NOT NULL)::int - (OLD.received_at IS NOT NULL)::int ELSE 0 END,
    p_clicks => CASE WHEN NEW.channel = 'push' AND n.source <> 'automation' THEN v_clicked ELSE 0 END,
    p_email_clicks => CASE WHEN NEW.channel = 'email' AND n.source <> 'automation' THEN v_clicked ELSE 0 END,
    p_automated_clicks => CASE WHEN n.source = 'automation' THEN v_clicked ELSE 0 END)
  FROM notifications n WHERE n.id = NEW.notification_id AND n.source NOT IN ('comments', 'message');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER report_delivery_receipt AFTER UPDATE OF received_at, clicked_at ON deliveries
FOR EACH ROW
WHEN ((OLD.received_at IS NULL) <> (NEW.received_at IS NULL) OR (OLD.clicked_at IS NULL) <> (NEW.clicked_at IS NULL))
EXECUTE FUNCTION report_delivery_receipt();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_membership_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_verified boolean;
  -- The same person still follows the same establishment (its source or choice changed): the
  -- cohort moves, nobody followed or unfollowed.
  v_same boolean := TG_OP = 'UPDATE' AND OLD.kind = 'customer' AND NEW.kind = 'customer'
    AND OLD.user_id = NEW.user_id AND OLD.establishment_id = NEW.establishment_id;
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.kind = 'customer' THEN
    SELECT email_verified INTO v_verified FROM users WHERE id = OLD.user_id;
    -- No user: their account is being deleted, and report_user_deleted counted it already.
    IF FOUND THEN
      PERFORM report_follower(OLD.user_id, OLD.establishment_id, OLD.created_at, OLD.source, OLD.notify, -1, v_verified,
        CASE WHEN v_same THEN NULL ELSE now() END);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.kind = 'customer' THEN
    SELECT email_verified INTO v_verified FROM users WHERE id = NEW.user_id;
    -- A client made a follower follows now; their cohort stays the membership's day, like their
    -- later verification and devices.
    PERFORM report_follower(NEW.user_id, NEW.establishment_id, NEW.created_at, NEW.source, NEW.notify, 1, v_verified,
      CASE WHEN v_same THEN NULL WHEN TG_OP = 'INSERT' THEN NEW.created_at ELSE now() END);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER report_membership_inserted AFTER INSERT ON memberships
FOR EACH ROW WHEN (NEW.kind = 'customer') EXECUTE FUNCTION report_membership_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER report_membership_deleted AFTER DELETE ON memberships
FOR EACH ROW WHEN (OLD.kind = 'customer') EXECUTE FUNCTION report_membership_changed();
--> statement-breakpoint
-- Upserts set kind to what it already is (an admin adding a follower again, editing a user's
-- establishments): only a real change counts, or each would be an unfollow and a follow. A change
-- of choice (notify) moves the follower out of and back into their cohort, with email on or off.
CREATE OR REPLACE TRIGGER report_membership_updated AFTER UPDATE OF kind, source, establishment_id, user_id, notify ON memberships
FOR EACH ROW WHEN ((OLD.kind = 'customer' OR NEW.kind = 'customer')
  AND (OLD.kind, OLD.source, OLD.establishment_id, OLD.user_id, OLD.notify)
      IS DISTINCT FROM (NEW.kind, NEW.source, NEW.establishment_id, NEW.user_id, NEW.notify))
EXECUTE FUNCTION report_membership_changed();
--> statement-breakpoint
-- Before the account's rows cascade away: its follows end, with what it had verified and subscribed.
CREATE OR REPLACE FUNCTION report_user_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE m record;
BEGIN
  FOR m IN SELECT * FROM memberships WHERE user_id = OLD.id AND kind = 'customer' LOOP
    PERFORM report_follower(OLD.id, m.establishment_id, m.created_at, m.source, m.notify, -1, OLD.email_verified, now());
  END LOOP;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER report_user_deleted BEFORE DELETE ON users
FOR EACH ROW EXECUTE FUNCTION report_user_deleted();
--> statement-breakpoint
-- A follower confirming their email (or, set back by an admin, no longer confirmed): verified in
-- the cohort of the day they followed, and a confirmed follower more (or less) today, of each
-- business they follow: they leave (or join) its followers waiting for confirmation.
CREATE OR REPLACE FUNCTION report_user_verified() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE v_sign integer := CASE WHEN NEW.email_verified THEN 1 ELSE -1 END;
BEGIN
  -- A guest has no email: never among the funnel's confirmed emails (report_follower).
  PERFORM report_funnel_add(m.establishment_id, m.created_at, m.source, p_verified => v_sign * (NOT NEW.guest)::int),
          report_add(m.establishment_id, now(), p_confirmed => v_sign)
  FROM memberships m WHERE m.user_id = NEW.id AND m.kind = 'customer';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER report_user_verified AFTER UPDATE OF email_verified ON users
FOR EACH ROW WHEN (OLD.email_verified IS DISTINCT FROM NEW.email_verified)
EXECUTE FUNCTION report_user_verified();
--> statement-breakpoint
-- An establishment deleted (it cannot be undone from the app): its follows end that day, as if each
-- follower had left (an unfollow each, its confirmed followers lost, every cohort of its funnel
-- emptied), so the platform's followers stay the sum of the live establishments'. Counted in bulk,
-- before the row changes: report_day counts nothing for it once deleted_at is set.
CREATE OR REPLACE FUNCTION report_establishment_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  PERFORM report_add(OLD.id, NEW.deleted_at, p_unfollows => count(*)::int,
    p_confirmed => -(count(*) FILTER (WHERE u.email_verified))::int)
  FROM memberships m JOIN users u ON u.id = m.user_id
  WHERE m.establishment_id = OLD.id AND m.kind = 'customer'
  HAVING count(*) > 0;
  FOR r IN
    SELECT min(m.created_at) AS followed_at, m.source, count(*)::int AS followers,
           count(*) FILTER (WHERE u.email_verified AND NOT u.guest)::int AS verified,
           count(*) FILTER (WHERE u.guest)::int AS guests,
           coalesce(sum((SELECT count(*) FROM push_subscriptions s
                          WHERE s.user_id = m.user_id AND s.stale_since IS NULL)), 0)::int AS push_devices,
           count(*) FILTER (WHERE report_accepts_email(u.marketing_consent, u.email_bounced_at, m.notify))::int
             AS email_on
    FROM memberships m JOIN users u ON u.id = m.user_id
    WHERE m.establishment_id = OLD.id AND m.kind = 'customer'
    GROUP BY (m.created_at AT TIME ZONE OLD.time_zone)::date, m.source
  LOOP
    PERFORM report_funnel_add(OLD.id, r.followed_at, r.source, p_followers => -r.followers,
      p_verified => -r.verified, p_push_devices => -r.push_devices, p_email_on => -r.email_on,
      p_guests => -r.guests);
  END LOOP;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER report_establishment_deleted BEFORE UPDATE OF deleted_at ON establishments
FOR EACH ROW WHEN (OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL)
EXECUTE FUNCTION report_establishment_deleted();
--> statement-breakpoint
-- A follower giving or taking back their consent to email, or their address bouncing (or cleared):
-- email on or off in the cohort of each business they follow whose choice has email.
CREATE OR REPLACE FUNCTION report_user_email_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_funnel_add(m.establishment_id, m.created_at, m.source,
    p_email_on => report_accepts_email(NEW.marketing_consent, NEW.email_bounced_at, m.notify)::int
                - report_accepts_email(OLD.marketing_consent, OLD.email_bounced_at, m.notify)::int)
  FROM memberships m WHERE m.user_id = NEW.id AND m.kind = 'customer' AND m.notify IN ('auto', 'email', 'both');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER report_user_email_changed AFTER UPDATE OF marketing_consent, email_bounced_at ON users
FOR EACH ROW WHEN (report_accepts_email(OLD.marketing_consent, OLD.email_bounced_at, 'email')
  IS DISTINCT FROM report_accepts_email(NEW.marketing_consent, NEW.email_bounced_at, 'email'))
EXECUTE FUNCTION report_user_email_changed();
--> statement-breakpoint
-- A follower's device turning push on or off: registered, removed, moved to another user, skipped as
-- stale or live again (its user gone: report_user_deleted counted it).
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
CREATE OR REPLACE TRIGGER report_push_subscription_inserted AFTER INSERT ON push_subscriptions
FOR EACH ROW EXECUTE FUNCTION report_push_subscription_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER report_push_subscription_deleted AFTER DELETE ON push_subscriptions
FOR EACH ROW EXECUTE FUNCTION report_push_subscription_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER report_push_subscription_moved AFTER UPDATE OF user_id, stale_since ON push_subscriptions
FOR EACH ROW WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id
  OR (OLD.stale_since IS NULL) IS DISTINCT FROM (NEW.stale_since IS NULL))
EXECUTE FUNCTION report_push_subscription_changed();
--> statement-breakpoint
-- A public page view; a visitor (hash) counts once per establishment and local day. A hash lives
-- one UTC day (its salt's), which can span two local days: each of them counts the visitor once.
-- Two views of one visitor at the same moment would each miss the other's uncommitted row and both
-- count: the second waits for the first on a lock of the hash (until it commits), then sees it.
CREATE OR REPLACE FUNCTION report_page_view() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE v_day date := report_day(NEW.establishment_id, NEW.at);
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended(NEW.visitor_hash || NEW.establishment_id::text, 13));
  PERFORM report_funnel_add(NEW.establishment_id, NEW.at, NEW.source, p_views => 1,
    p_visitors => CASE WHEN EXISTS (
      SELECT 1 FROM page_views p
      WHERE p.visitor_hash = NEW.visitor_hash AND p.establishment_id = NEW.establishment_id AND p.id <> NEW.id
        AND report_day(p.establishment_id, p.at) = v_day
    ) THEN 0 ELSE 1 END);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER report_page_view AFTER INSERT ON page_views
FOR EACH ROW WHEN (NEW.establishment_id IS NOT NULL) EXECUTE FUNCTION report_page_view();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER report_notification_released AFTER UPDATE OF status ON notifications
FOR EACH ROW WHEN (OLD.status = 'scheduled' AND NEW.status <> 'scheduled')
EXECUTE FUNCTION report_notifications_inserted();
--> statement-breakpoint
-- A reaction counts on the day it was made, for the post's establishment, while it stands; changing
-- its kind changes nothing.
CREATE OR REPLACE FUNCTION report_reaction_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_add(n.establishment_id, NEW.created_at, p_reactions => 1)
    FROM notifications n WHERE n.id = NEW.notification_id;
  ELSE
    PERFORM report_add(n.establishment_id, OLD.created_at, p_reactions => -1)
    FROM notifications n WHERE n.id = OLD.notification_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER report_reaction_inserted AFTER INSERT ON post_reactions
FOR EACH ROW EXECUTE FUNCTION report_reaction_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER report_reaction_deleted AFTER DELETE ON post_reactions
FOR EACH ROW EXECUTE FUNCTION report_reaction_changed();
--> statement-breakpoint
-- A comment counts on the day it was written while it is not removed (by its author or a moderator).
CREATE OR REPLACE FUNCTION report_comment_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND NEW.deleted_at IS NULL THEN
    PERFORM report_add(n.establishment_id, NEW.created_at, p_comments => 1)
    FROM notifications n WHERE n.id = NEW.notification_id;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM report_add(n.establishment_id, OLD.created_at,
      p_comments => (NEW.deleted_at IS NULL)::int - (OLD.deleted_at IS NULL)::int)
    FROM notifications n WHERE n.id = NEW.notification_id;
  ELSIF TG_OP = 'DELETE' AND OLD.deleted_at IS NULL THEN
    PERFORM report_add(n.establishment_id, OLD.created_at, p_comments => -1)
    FROM notifications n WHERE n.id = OLD.notification_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER report_comment_inserted AFTER INSERT ON post_comments
FOR EACH ROW EXECUTE FUNCTION report_comment_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER report_comment_removed AFTER UPDATE OF deleted_at ON post_comments
FOR EACH ROW WHEN ((OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL))
EXECUTE FUNCTION report_comment_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER report_comment_deleted AFTER DELETE ON post_comments
FOR EACH ROW EXECUTE FUNCTION report_comment_changed();
--> statement-breakpoint
-- Fold the shards of each scope's days before p_before into one row (and source): shards exist so
-- that writers of the same day do not queue on one row, and a past day is written rarely (a funnel's
-- cohort verifying later, a late receipt), so its readers need not go on summing up to 16 rows.
-- It never waits and is never waited for: it takes the rows of a day that no transaction holds
-- (SKIP LOCKED), writes their sum into the lowest of them and deletes the others, so a writer
-- (which takes a free shard or makes a new one) and another fold go on around it, and what they
-- held is folded at a later run. Answers the rows folded away.
CREATE OR REPLACE FUNCTION report_fold_shards(p_before date) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_daily integer;
  v_funnel integer;
BEGIN
  WITH locked AS (
    SELECT * FROM report_daily
     WHERE (establishment_id, day) IN (
       SELECT establishment_id, day FROM report_daily WHERE day < p_before AND shard > 0)
     FOR UPDATE SKIP LOCKED),
  -- Each row with its day's total and the shard that keeps it (by window: no join of the CTEs,
  -- which the planner, estimating one row, ran as nested loops, bench:report-shards).
  ranked AS (
    SELECT establishment_id, day, shard,
           min(shard) OVER day AS kept, count(*) OVER day AS rows_of_day,
           sum(notifications) OVER day AS total_notifications,
           sum(posts) OVER day AS total_posts,
           sum(devices) OVER day AS total_devices,
           sum(reach) OVER day AS total_reach,
           sum(clicks) OVER day AS total_clicks,
           sum(follows) OVER day AS total_follows,
           sum(unfollows) OVER day AS total_unfollows,
           sum(reactions) OVER day AS total_reactions,
           sum(comments) OVER day AS total_comments,
           sum(emails) OVER day AS total_emails,
           sum(email_clicks) OVER day AS total_email_clicks,
           sum(confirmed) OVER day AS total_confirmed,
           sum(automated) OVER day AS total_automated,
           sum(automated_clicks) OVER day AS total_automated_clicks
      FROM locked WINDOW day AS (PARTITION BY establishment_id, day)),
  gone AS (
    DELETE FROM report_daily r USING ranked k
     WHERE k.rows_of_day > 1 AND k.shard <> k.kept
       AND r.establishment_id = k.establishment_id AND r.day = k.day AND r.shard = k.shard
    RETURNING 1),
  -- Run though not read: a data-modifying WITH always runs to completion.
  summed AS (
    UPDATE report_daily r SET
      notifications = k.total_notifications,
      posts = k.total_posts,
      devices = k.total_devices,
      reach = k.total_reach,
      clicks = k.total_clicks,
      follows = k.total_follows,
      unfollows = k.total_unfollows,
      reactions = k.total_reactions,
      comments = k.total_comments,
      emails = k.total_emails,
      email_clicks = k.total_email_clicks,
      confirmed = k.total_confirmed,
      automated = k.total_automated,
      automated_clicks = k.total_automated_clicks
      FROM ranked k
     WHERE k.rows_of_day > 1 AND k.shard = k.kept
       AND r.establishment_id = k.establishment_id AND r.day = k.day AND r.shard = k.shard
    RETURNING 1)
  SELECT count(*) INTO v_daily FROM gone;

  WITH locked AS (
    SELECT * FROM report_funnel_daily
     WHERE (establishment_id, day, source) IN (
       SELECT establishment_id, day, source FROM report_funnel_daily WHERE day < p_before AND shard > 0)
     FOR UPDATE SKIP LOCKED),
  -- As above, per day and source.
  ranked AS (
    SELECT establishment_id, day, source, shard,
           min(shard) OVER day AS kept, count(*) OVER day AS rows_of_day,
           sum(views) OVER day AS total_views,
           sum(visitors) OVER day AS total_visitors,
           sum(followers) OVER day AS total_followers,
           sum(verified) OVER day AS total_verified,
           sum(push_devices) OVER day AS total_push_devices,
           sum(email_on) OVER day AS total_email_on,
           sum(guests) OVER day AS total_guests
      FROM locked WINDOW day AS (PARTITION BY establishment_id, day, source)),
  gone AS (
    DELETE FROM report_funnel_daily r USING ranked k
     WHERE k.rows_of_day > 1 AND k.shard <> k.kept AND r.establishment_id = k.establishment_id
       AND r.day = k.day AND r.source = k.source AND r.shard = k.shard
    RETURNING 1),
  summed AS (
    UPDATE report_funnel_daily r SET
      views = k.total_views,
      visitors = k.total_visitors,
      followers = k.total_followers,
      verified = k.total_verified,
      push_devices = k.total_push_devices,
      email_on = k.total_email_on,
      guests = k.total_guests
      FROM ranked k
     WHERE k.rows_of_day > 1 AND k.shard = k.kept AND r.establishment_id = k.establishment_id
       AND r.day = k.day AND r.source = k.source AND r.shard = k.shard
    RETURNING 1)
  SELECT count(*) INTO v_funnel FROM gone;
  RETURN v_daily + v_funnel;
END $$;
--> statement-breakpoint
-- The shard chooser before report_claim_shard (by connection, without a claim), dropped once
-- nothing above calls it.
DROP FUNCTION IF EXISTS report_new_shard(smallint[]);
