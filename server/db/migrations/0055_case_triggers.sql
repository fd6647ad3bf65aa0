-- Cases (decision 048). The deadline's one row, which the server sets from CASE_DEADLINE_HOURS at start.
INSERT INTO case_settings (id, deadline_hours) VALUES (true, 24) ON CONFLICT (id) DO NOTHING;--> statement-breakpoint
-- A feedback of 1 or 2 stars opens its case as it is written, whoever writes it (the mobile app
-- writes feedback straight into the database): opened when the feedback was made, due after the
-- configured hours. A source with an open case gets no second one.
CREATE FUNCTION feedbacks_open_case() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO cases (source, source_id, queue, status, opened_at, due_at)
  VALUES ('feedback', NEW.id, 'low-rating', 'open', NEW.created_at,
          NEW.created_at + make_interval(hours => coalesce((SELECT deadline_hours FROM case_settings WHERE id), 24)))
  ON CONFLICT (source, source_id) WHERE status = 'open' DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER feedbacks_open_cases AFTER INSERT ON feedbacks
FOR EACH ROW WHEN (NEW.rating <= 2) EXECUTE FUNCTION feedbacks_open_case();--> statement-breakpoint
-- Every change of a case on the live stream (decision 026): `cases` named by the case's id, read by cases.read.
CREATE FUNCTION cases_live_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO live_changes (resource, action, row_id)
  VALUES ('cases', CASE TG_OP WHEN 'INSERT' THEN 'created' ELSE 'updated' END, NEW.id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER cases_live_changes AFTER INSERT OR UPDATE ON cases
FOR EACH ROW EXECUTE FUNCTION cases_live_change();
