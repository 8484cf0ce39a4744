-- AlterTable
ALTER TABLE "api_keys" ADD COLUMN     "limit_reset" TEXT NOT NULL DEFAULT 'monthly';

ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_limit_reset_check" CHECK ("limit_reset" IN ('daily', 'weekly', 'monthly'));

-- The one declaration of a key's spend period: the UTC day, ISO week (from Monday 00:00) or
-- calendar month that the moment `p_at` falls in, as [first day, first day of the next). Its lower
-- bound names the key-spend rows (key_monthly_spend.month); its upper bound is when the limit
-- resets. The moment is rounded to the millisecond as reservations.created_at stores it, so a
-- settlement finds the period its hold was taken in from that column.
CREATE FUNCTION spend_period(p_reset TEXT, p_at TIMESTAMPTZ) RETURNS daterange LANGUAGE sql IMMUTABLE AS $$
  SELECT daterange(start, (start + CASE p_reset WHEN 'daily' THEN interval '1 day' WHEN 'weekly' THEN interval '1 week' ELSE interval '1 month' END)::date)
  FROM (SELECT date_trunc(CASE p_reset WHEN 'daily' THEN 'day' WHEN 'weekly' THEN 'week' ELSE 'month' END,
                          p_at::timestamptz(3) AT TIME ZONE 'UTC')::date AS start) period
$$;

-- As before, each key of the line on the row of its own period at `p_at` (a key's limit may reset
-- daily while the key above it resets monthly).
DROP FUNCTION take_on_key_line(TEXT, BIGINT, DATE, BOOLEAN);
CREATE FUNCTION take_on_key_line(p_key_id TEXT, p_amount BIGINT, p_at TIMESTAMPTZ, p_settled BOOLEAN)
RETURNS BOOLEAN LANGUAGE plpgsql AS $$
DECLARE
  v_line TEXT[] := key_line(p_key_id);
BEGIN
  INSERT INTO key_monthly_spend (key_id, month)
  SELECT id, lower(spend_period(limit_reset, p_at)) FROM api_keys WHERE id = ANY(v_line) ORDER BY id
  ON CONFLICT (key_id, month) DO NOTHING;
  PERFORM 1 FROM key_monthly_spend s JOIN api_keys k ON k.id = s.key_id
  WHERE s.key_id = ANY(v_line) AND s.month = lower(spend_period(k.limit_reset, p_at)) ORDER BY s.key_id FOR UPDATE OF s;
  IF EXISTS (
    SELECT 1 FROM key_monthly_spend s JOIN api_keys k ON k.id = s.key_id
    WHERE s.key_id = ANY(v_line) AND s.month = lower(spend_period(k.limit_reset, p_at))
      AND k.monthly_credit_limit IS NOT NULL AND s.used + s.reserved + p_amount > k.monthly_credit_limit
  ) THEN
    RETURN FALSE;
  END IF;
  UPDATE key_monthly_spend s
  SET used = s.used + CASE WHEN p_settled THEN p_amount ELSE 0 END,
      reserved = s.reserved + CASE WHEN p_settled THEN 0 ELSE p_amount END
  FROM api_keys k WHERE k.id = s.key_id AND s.key_id = ANY(v_line) AND s.month = lower(spend_period(k.limit_reset, p_at));
  RETURN TRUE;
END $$;

-- As before, at the moment `p_at` of the service's clock (server/clock.ts): the hold is taken on
-- the periods of that moment and the reservation is dated by it, so its settlement, release or
-- expiry finds the same rows.
DROP FUNCTION reserve_credits(TEXT, TEXT, TEXT, BIGINT, TIMESTAMPTZ);
CREATE FUNCTION reserve_credits(p_id TEXT, p_workspace_id TEXT, p_key_id TEXT, p_amount BIGINT, p_expires_at TIMESTAMPTZ, p_at TIMESTAMPTZ)
RETURNS TEXT LANGUAGE plpgsql AS $$
DECLARE
  v_available BIGINT;
BEGIN
  IF p_key_id IS NOT NULL AND NOT take_on_key_line(p_key_id, p_amount, p_at, FALSE) THEN
    RETURN 'key_credit_limit_reached';
  END IF;
  UPDATE workspaces SET reserved = reserved + p_amount WHERE id = p_workspace_id AND balance - reserved >= p_amount;
  IF NOT FOUND THEN
    -- The line's rows are still locked by this statement: giving their hold back is exact.
    IF p_key_id IS NOT NULL THEN
      UPDATE key_monthly_spend s SET reserved = s.reserved - p_amount
      FROM api_keys k WHERE k.id = s.key_id AND s.key_id = ANY(key_line(p_key_id)) AND s.month = lower(spend_period(k.limit_reset, p_at));
    END IF;
    SELECT balance - reserved INTO v_available FROM workspaces WHERE id = p_workspace_id;
    RETURN 'insufficient_credits' || COALESCE(' ' || v_available::text, '');
  END IF;
  INSERT INTO reservations (id, workspace_id, key_id, amount, status, expires_at, created_at)
  VALUES (p_id, p_workspace_id, p_key_id, p_amount, 'held', p_expires_at, p_at);
  RETURN 'held';
END $$;
