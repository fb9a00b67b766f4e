-- POST /v3/spotcast, num_days 2, no Idempotency-Key, bearer key from $KEY (bench/perf.sh)
wrk.method = "POST"
wrk.headers["Authorization"] = "Bearer " .. os.getenv("KEY")
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"latitude":41.13,"longitude":-71.71,"start_date":"' .. os.date("!%Y-%m-%d") .. '","num_days":2,"vessel_info":{"type":"sailboat","length_ft":30},"trip_duration_hours":4}'
