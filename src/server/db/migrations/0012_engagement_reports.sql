-- Custom SQL migration (drizzle-kit generate --custom), issue 16: the rollups of 0010 learn about
-- scheduled sends (counted when they go out, not when planned) and count reactions and comments.
DROP FUNCTION report_add(uuid, timestamptz, integer, integer, integer, integer, integer, integer, integer);
--> statement-breakpoint
CREATE FUNCTION report_add(
  p_establishment uuid, p_at timestamptz,
  p_notifications integer DEFAULT 0, p_posts integer DEFAULT 0, p_devices integer DEFAULT 0,
  p_reach integer DEFAULT 0, p_clicks integer DEFAULT 0, p_follows integer DEFAULT 0,
  p_unfollows integer DEFAULT 0, p_reactions integer DEFAULT 0, p_comments integer DEFAULT 0
) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_day date := report_day(p_establishment, p_at);
  v_shard smallint := (pg_backend_pid() % 4)::smallint;
BEGIN
  IF v_day IS NULL THEN RETURN; END IF;
  -- The platform's row first, then the establishment's: every writer takes the locks in this order.
  INSERT INTO report_daily AS r
    (establishment_id, day, shard, notifications, posts, devices, reach, clicks, follows, unfollows,
     reactions, comments)
  VALUES
    ('00000000-0000-0000-0000-000000000000', v_day, v_shard, p_notifications, p_posts, p_devices,
     p_reach, p_clicks, p_follows, p_unfollows, p_reactions, p_comments),
    (p_establishment, v_day, v_shard, p_notifications, p_posts, p_devices,
     p_reach, p_clicks, p_follows, p_unfollows, p_reactions, p_comments)
  ON CONFLICT (establishment_id, day, shard) DO UPDATE SET
    notifications = r.notifications + excluded.notifications,
    posts = r.posts + excluded.posts,
    devices = r.devices + excluded.devices,
    reach = r.reach + excluded.reach,
    clicks = r.clicks + excluded.clicks,
    follows = r.follows + excluded.follows,
    unfollows = r.unfollows + excluded.unfollows,
    reactions = r.reactions + excluded.reactions,
    comments = r.comments + excluded.comments;
END $$;
--> statement-breakpoint
-- A scheduled send is counted when the scheduler releases it (its created_at is then the moment it
-- went out); a cancelled one never was.
CREATE OR REPLACE FUNCTION report_notifications_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'scheduled' THEN RETURN NULL; END IF;
  PERFORM report_add(NEW.establishment_id, NEW.created_at, p_notifications => 1, p_posts => NEW.in_feed::int);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_notification_released AFTER UPDATE OF status ON notifications
FOR EACH ROW WHEN (OLD.status = 'scheduled' AND NEW.status <> 'scheduled')
EXECUTE FUNCTION report_notifications_inserted();
--> statement-breakpoint
-- A reaction counts on the day it was made, for the post's establishment, while it stands; changing
-- its kind changes nothing.
CREATE FUNCTION report_reaction_changed() RETURNS trigger
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
CREATE TRIGGER report_reaction_inserted AFTER INSERT ON post_reactions
FOR EACH ROW EXECUTE FUNCTION report_reaction_changed();
--> statement-breakpoint
CREATE TRIGGER report_reaction_deleted AFTER DELETE ON post_reactions
FOR EACH ROW EXECUTE FUNCTION report_reaction_changed();
--> statement-breakpoint
-- A comment counts on the day it was written while it is not removed (by its author or a moderator).
CREATE FUNCTION report_comment_changed() RETURNS trigger
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
CREATE TRIGGER report_comment_inserted AFTER INSERT ON post_comments
FOR EACH ROW EXECUTE FUNCTION report_comment_changed();
--> statement-breakpoint
CREATE TRIGGER report_comment_removed AFTER UPDATE OF deleted_at ON post_comments
FOR EACH ROW WHEN ((OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL))
EXECUTE FUNCTION report_comment_changed();
--> statement-breakpoint
CREATE TRIGGER report_comment_deleted AFTER DELETE ON post_comments
FOR EACH ROW EXECUTE FUNCTION report_comment_changed();
