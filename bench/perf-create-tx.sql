-- The statements of SpotCast's create transaction (POST /v3/spotcast without Idempotency-Key), in the order
-- src/adapters/postgres/ChargeSteps.ts sends them, for pgbench (bench/perf.sh: -M extended, unnamed statements
-- like @effect/sql-pg). Keep it in step with ChargeSteps.ts and PostgresSpotCastStore.ts.
\set n random(1, 1000000000000000)
BEGIN;
UPDATE accounts SET credit_balance = credit_balance - 2, total_used = total_used + 2 WHERE account_id = :acct AND credit_balance >= 2 RETURNING credit_balance, total_purchased, total_used;
INSERT INTO spotcasts ("account_id","spotcast_id","created_at","latitude","longitude","start_at","num_days","trip_duration_hours","metadata","webhook_url","language","distance_units","speed_units","vessel_type","vessel_length_ft","forecast_count","latest_forecast_id") VALUES (:acct, 'spc_pb' || :client_id || 'x' || :n, now(), 41.13, -71.71, date_trunc('day', now()), 2, 4, NULL, NULL, 'en', 'nm', 'kts', 'sailboat', 30, 1, 'fcst_pb' || :client_id || 'x' || :n);
INSERT INTO forecasts ("account_id","forecast_id","spotcast_id","created_at","status","stage","percentage","completed_at","failed_at","analysis","error_code","error_message","webhook_url") VALUES (:acct, 'fcst_pb' || :client_id || 'x' || :n, 'spc_pb' || :client_id || 'x' || :n, now(), 'processing', 'pending', 0, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO jobs ("account_id","forecast_id","attempts","available_at","lease_owner","lease_until") VALUES (:acct, 'fcst_pb' || :client_id || 'x' || :n, 0, now(), NULL, NULL);
INSERT INTO ledger_entries ("account_id","entry_id","kind","amount","forecast_id","widget_id","refund_of","note","created_at") VALUES (:acct, 'led_pb' || :client_id || 'x' || :n, 'charge', 2, 'fcst_pb' || :client_id || 'x' || :n, NULL, NULL, NULL, now());
COMMIT;
