-- Credit leases (server/billing/leases.ts): a lease is a reservation whose `amount` is what it
-- still holds, taken down as its holds settle; it closes at 0. A held reservation still holds
-- something.
ALTER TABLE "reservations" DROP CONSTRAINT "reservations_amount_positive";
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_amount_positive" CHECK ("amount" >= 0 AND ("amount" > 0 OR "status" <> 'held'));

-- As before, and a refusal for the workspace's balance says what is available (balance − reserved;
-- none for a workspace that does not exist), so the 402 needs no second read.
CREATE OR REPLACE FUNCTION reserve_credits(p_id TEXT, p_workspace_id TEXT, p_key_id TEXT, p_amount BIGINT, p_expires_at TIMESTAMPTZ)
RETURNS TEXT LANGUAGE plpgsql AS $$
DECLARE
  -- Rounded as reservations.created_at stores it, so settle finds the same month from that column.
  v_month DATE := date_trunc('month', now()::timestamptz(3) AT TIME ZONE 'UTC')::date;
  v_available BIGINT;
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
    SELECT balance - reserved INTO v_available FROM workspaces WHERE id = p_workspace_id;
    RETURN 'insufficient_credits' || COALESCE(' ' || v_available::text, '');
  END IF;
  INSERT INTO reservations (id, workspace_id, key_id, amount, status, expires_at, created_at)
  VALUES (p_id, p_workspace_id, p_key_id, p_amount, 'held', p_expires_at, now());
  RETURN 'held';
END $$;
