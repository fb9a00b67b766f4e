/**
 * The first schema. Every key leads with `account_id`, so the tables can be distributed by account
 * (Citus) with each account's rows together; ids use the "C" collation so that keyset ties compare in
 * byte order, as the domain's `isAfter` does. JSON that clients send or read back (metadata, analysis)
 * is stored as text, byte for byte, because jsonb would reorder its keys.
 */
export const schemaV1: ReadonlyArray<string> = [
  `CREATE TABLE accounts (
    account_id text COLLATE "C" NOT NULL,
    name text NOT NULL,
    status text NOT NULL CHECK (status IN ('active', 'suspended')),
    mode text NOT NULL CHECK (mode IN ('live', 'sandbox')),
    created_at timestamptz NOT NULL,
    webhook_secret text NOT NULL,
    rate_limit_per_minute integer CHECK (rate_limit_per_minute > 0),
    credit_balance bigint NOT NULL DEFAULT 0,
    total_purchased bigint NOT NULL DEFAULT 0,
    total_used bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (account_id),
    CONSTRAINT accounts_no_overdraft CHECK (credit_balance >= 0),
    CONSTRAINT accounts_balance_sums CHECK (credit_balance = total_purchased - total_used)
  )`,
  `CREATE INDEX accounts_created ON accounts (created_at, account_id)`,

  `CREATE TABLE api_keys (
    account_id text COLLATE "C" NOT NULL REFERENCES accounts (account_id),
    key_id text COLLATE "C" NOT NULL,
    prefix text NOT NULL,
    hash text NOT NULL,
    mode text NOT NULL CHECK (mode IN ('live', 'sandbox')),
    created_at timestamptz NOT NULL,
    last_used_at timestamptz,
    revoked_at timestamptz,
    PRIMARY KEY (account_id, key_id)
  )`,
  `CREATE UNIQUE INDEX api_keys_hash ON api_keys (hash)`,
  `CREATE INDEX api_keys_key_id ON api_keys (key_id)`,

  `CREATE TABLE spotcasts (
    account_id text COLLATE "C" NOT NULL REFERENCES accounts (account_id),
    spotcast_id text COLLATE "C" NOT NULL,
    created_at timestamptz NOT NULL,
    latitude double precision NOT NULL,
    longitude double precision NOT NULL,
    start_at timestamptz NOT NULL,
    num_days integer NOT NULL,
    trip_duration_hours integer,
    metadata text,
    webhook_url text,
    language text NOT NULL,
    distance_units text NOT NULL,
    speed_units text NOT NULL,
    vessel_type text,
    vessel_length_ft double precision,
    forecast_count integer NOT NULL,
    latest_forecast_id text COLLATE "C" NOT NULL,
    PRIMARY KEY (account_id, spotcast_id)
  )`,
  `CREATE INDEX spotcasts_page ON spotcasts (account_id, created_at DESC, spotcast_id DESC)`,

  `CREATE TABLE forecasts (
    account_id text COLLATE "C" NOT NULL,
    forecast_id text COLLATE "C" NOT NULL,
    spotcast_id text COLLATE "C" NOT NULL,
    created_at timestamptz NOT NULL,
    status text NOT NULL CHECK (status IN ('pending', 'processing', 'completed', 'failed')),
    stage text NOT NULL,
    percentage integer NOT NULL CHECK (percentage BETWEEN 0 AND 100),
    completed_at timestamptz,
    failed_at timestamptz,
    analysis text,
    error_code text,
    error_message text,
    webhook_url text,
    completion_seq bigint,
    PRIMARY KEY (account_id, forecast_id),
    FOREIGN KEY (account_id, spotcast_id) REFERENCES spotcasts (account_id, spotcast_id)
  )`,
  `CREATE INDEX forecasts_page ON forecasts (account_id, spotcast_id, created_at DESC, forecast_id DESC)`,
  `CREATE INDEX forecasts_by_id ON forecasts (forecast_id)`,
  `CREATE SEQUENCE forecast_completion_seq`,
  `CREATE INDEX forecasts_recent_completions ON forecasts (completion_seq DESC) WHERE completion_seq IS NOT NULL`,

  `CREATE TABLE ledger_entries (
    account_id text COLLATE "C" NOT NULL REFERENCES accounts (account_id),
    entry_id text COLLATE "C" NOT NULL,
    kind text NOT NULL CHECK (kind IN ('grant', 'charge', 'refund')),
    amount bigint NOT NULL CHECK (amount > 0),
    forecast_id text COLLATE "C",
    widget_id text COLLATE "C",
    refund_of text COLLATE "C",
    note text,
    created_at timestamptz NOT NULL,
    PRIMARY KEY (account_id, entry_id),
    CONSTRAINT ledger_refund_names_its_charge CHECK ((kind = 'refund') = (refund_of IS NOT NULL)),
    CONSTRAINT ledger_refund_once UNIQUE (account_id, refund_of),
    FOREIGN KEY (account_id, refund_of) REFERENCES ledger_entries (account_id, entry_id),
    FOREIGN KEY (account_id, forecast_id) REFERENCES forecasts (account_id, forecast_id)
  )`,
  `CREATE UNIQUE INDEX ledger_charge_once ON ledger_entries (account_id, forecast_id) WHERE kind = 'charge'`,
  `CREATE INDEX ledger_entries_history ON ledger_entries (account_id, created_at, entry_id)`,
  `CREATE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'ledger_entries is append-only';
    END
  $$`,
  `CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
    FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only()`,

  `CREATE TABLE jobs (
    account_id text COLLATE "C" NOT NULL,
    forecast_id text COLLATE "C" NOT NULL,
    enqueued_seq bigint GENERATED ALWAYS AS IDENTITY,
    attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    available_at timestamptz NOT NULL,
    lease_owner text,
    lease_until timestamptz,
    PRIMARY KEY (account_id, forecast_id),
    FOREIGN KEY (account_id, forecast_id) REFERENCES forecasts (account_id, forecast_id)
  )`,
  `CREATE INDEX jobs_due ON jobs (available_at, enqueued_seq)`,
  `CREATE INDEX jobs_by_forecast ON jobs (forecast_id)`,

  `CREATE TABLE idempotency_keys (
    account_id text COLLATE "C" NOT NULL,
    key text COLLATE "C" NOT NULL,
    fingerprint text NOT NULL,
    created_at timestamptz NOT NULL,
    kind text NOT NULL CHECK (kind IN ('create', 'refresh')),
    spotcast_id text COLLATE "C" NOT NULL,
    forecast_id text COLLATE "C" NOT NULL,
    credits_charged bigint NOT NULL,
    credits_remaining bigint,
    estimated_completion_seconds integer NOT NULL,
    PRIMARY KEY (account_id, key)
  )`,

  `CREATE TABLE webhook_deliveries (
    account_id text COLLATE "C" NOT NULL,
    id text COLLATE "C" NOT NULL,
    spotcast_id text COLLATE "C" NOT NULL,
    forecast_id text COLLATE "C" NOT NULL,
    event text NOT NULL,
    url text NOT NULL,
    body text NOT NULL,
    status text NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
    attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    next_attempt_at timestamptz,
    lease_owner text,
    lease_until timestamptz,
    created_at timestamptz NOT NULL,
    delivered_at timestamptz,
    PRIMARY KEY (account_id, id),
    FOREIGN KEY (account_id, forecast_id) REFERENCES forecasts (account_id, forecast_id)
  )`,
  `CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at, id) WHERE status = 'pending'`,
  `CREATE INDEX webhook_deliveries_by_id ON webhook_deliveries (id)`,
  `CREATE INDEX webhook_deliveries_page ON webhook_deliveries (account_id, created_at DESC, id DESC)`,
  `CREATE INDEX webhook_deliveries_page_by_status ON webhook_deliveries (account_id, status, created_at DESC, id DESC)`,
  `CREATE INDEX webhook_deliveries_of_forecast ON webhook_deliveries (account_id, forecast_id)`,

  `CREATE TABLE webhook_attempts (
    account_id text COLLATE "C" NOT NULL,
    delivery_id text COLLATE "C" NOT NULL,
    attempt_seq bigint GENERATED ALWAYS AS IDENTITY,
    number integer NOT NULL CHECK (number > 0),
    at timestamptz NOT NULL,
    duration_ms integer NOT NULL CHECK (duration_ms >= 0),
    status_code integer,
    error text,
    PRIMARY KEY (account_id, delivery_id, attempt_seq),
    FOREIGN KEY (account_id, delivery_id) REFERENCES webhook_deliveries (account_id, id) ON DELETE CASCADE
  )`
]
