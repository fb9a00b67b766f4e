-- A polling client (bench/polling.sh): the bearer key from $KEY, and If-None-Match from $ETAG when set.
wrk.headers["Authorization"] = "Bearer " .. os.getenv("KEY")
local etag = os.getenv("ETAG")
if etag ~= nil and etag ~= "" then wrk.headers["If-None-Match"] = etag end
