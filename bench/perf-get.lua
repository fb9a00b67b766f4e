-- GET with the bearer key from $KEY (bench/perf.sh)
wrk.headers["Authorization"] = "Bearer " .. os.getenv("KEY")
