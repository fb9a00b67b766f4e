-- wrk: every request carries the bearer key from $KEY (sent to the anchors too, for equal request size)
wrk.headers["Authorization"] = "Bearer " .. os.getenv("KEY")
