-- AlterTable
ALTER TABLE "api_keys" ADD COLUMN     "ancestor_ids" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "instances" ADD COLUMN     "key_id" TEXT,
ADD COLUMN     "run_ended_at" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "instances_billed_through_idx" ON "instances"("billed_through");

-- Every existing key's ancestors, the root first.
WITH RECURSIVE line AS (
  SELECT id, ARRAY[]::TEXT[] AS ancestors FROM api_keys WHERE parent_key_id IS NULL
  UNION ALL
  SELECT k.id, line.ancestors || k.parent_key_id FROM api_keys k JOIN line ON k.parent_key_id = line.id
)
UPDATE api_keys SET ancestor_ids = line.ancestors FROM line WHERE api_keys.id = line.id AND cardinality(line.ancestors) > 0;

-- An ancestor's spend row now carries its descendants' spend (used and held) too: what each key
-- spent so far is added to every key above it, month by month.
INSERT INTO key_monthly_spend AS s (key_id, month, used, reserved)
SELECT a.id, own.month, SUM(own.used), SUM(own.reserved)
FROM key_monthly_spend own JOIN api_keys k ON k.id = own.key_id CROSS JOIN LATERAL unnest(k.ancestor_ids) AS a(id)
GROUP BY a.id, own.month
ON CONFLICT (key_id, month) DO UPDATE SET used = s.used + EXCLUDED.used, reserved = s.reserved + EXCLUDED.reserved;

-- A key and every key above it, the root first and the key itself last: the spend rows one
-- charge or hold moves.
CREATE FUNCTION key_line(p_key_id TEXT) RETURNS TEXT[] LANGUAGE sql STABLE AS $$
  SELECT array_append(COALESCE(ancestor_ids, ARRAY[]::TEXT[]), id) FROM api_keys WHERE id = p_key_id
$$;

-- Takes `p_amount` on the spend row of month `p_month` of the key and of every key above it, as a
-- hold (`reserved`) or a charge (`used`), only if it fits within each of their monthly limits;
-- false (nothing taken) otherwise. The rows stay locked, in key id order, until the transaction
-- ends; callers lock the workspace after them.
CREATE FUNCTION take_on_key_line(p_key_id TEXT, p_amount BIGINT, p_month DATE, p_settled BOOLEAN)
RETURNS BOOLEAN LANGUAGE plpgsql AS $$
DECLARE
  v_line TEXT[] := key_line(p_key_id);
BEGIN
  INSERT INTO key_monthly_spend (key_id, month)
  SELECT id, p_month FROM api_keys WHERE id = ANY(v_line) ORDER BY id
  ON CONFLICT (key_id, month) DO NOTHING;
  PERFORM 1 FROM key_monthly_spend WHERE key_id = ANY(v_line) AND month = p_month ORDER BY key_id FOR UPDATE;
  IF EXISTS (
    SELECT 1 FROM key_monthly_spend s JOIN api_keys k ON k.id = s.key_id
    WHERE s.key_id = ANY(v_line) AND s.month = p_month
      AND k.monthly_credit_limit IS NOT NULL AND s.used + s.reserved + p_amount > k.monthly_credit_limit
  ) THEN
    RETURN FALSE;
  END IF;
  UPDATE key_monthly_spend
  SET used = used + CASE WHEN p_settled THEN p_amount ELSE 0 END,
      reserved = reserved + CASE WHEN p_settled THEN 0 ELSE p_amount END
  WHERE key_id = ANY(v_line) AND month = p_month;
  RETURN TRUE;
END $$;

-- As before, with the key's hold taken on its whole line: a child's request is refused when it
-- would take any key above it past its monthly limit.
CREATE OR REPLACE FUNCTION reserve_credits(p_id TEXT, p_workspace_id TEXT, p_key_id TEXT, p_amount BIGINT, p_expires_at TIMESTAMPTZ)
RETURNS TEXT LANGUAGE plpgsql AS $$
DECLARE
  -- Rounded as reservations.created_at stores it, so settle finds the same month from that column.
  v_month DATE := date_trunc('month', now()::timestamptz(3) AT TIME ZONE 'UTC')::date;
BEGIN
  IF p_key_id IS NOT NULL AND NOT take_on_key_line(p_key_id, p_amount, v_month, FALSE) THEN
    RETURN 'key_credit_limit_reached';
  END IF;
  UPDATE workspaces SET reserved = reserved + p_amount WHERE id = p_workspace_id AND balance - reserved >= p_amount;
  IF NOT FOUND THEN
    -- The line's rows are still locked by this statement: giving their hold back is exact.
    IF p_key_id IS NOT NULL THEN
      UPDATE key_monthly_spend SET reserved = reserved - p_amount WHERE key_id = ANY(key_line(p_key_id)) AND month = v_month;
    END IF;
    RETURN 'insufficient_credits';
  END IF;
  INSERT INTO reservations (id, workspace_id, key_id, amount, status, expires_at, created_at)
  VALUES (p_id, p_workspace_id, p_key_id, p_amount, 'held', p_expires_at, now());
  RETURN 'held';
END $$;
