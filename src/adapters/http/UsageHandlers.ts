import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import * as HttpApp from "@effect/platform/HttpApp"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { Effect } from "effect"
import { RequestCounter } from "../../application/usage/RequestCounter.js"
import { accountUsageReport, usageReport } from "../../application/usage/UsageReport.js"
import type { UsageQuery } from "../../domain/usage/UsageRange.js"
import { csvFileName, usageCsv, usageResource } from "./contract/UsageResources.js"
import { CurrentCaller } from "./Authentication.js"
import { ServedApi } from "./ServedApi.js"

export const UsageLive = HttpApiBuilder.group(ServedApi, "usage", (handlers) =>
  Effect.gen(function*() {
    // The reports flush this server's request counts first (see usageReport).
    const counter = yield* RequestCounter
    const callersUsage = (query: UsageQuery) =>
      Effect.flatMap(CurrentCaller, (caller) => usageReport(caller.account.id, query)).pipe(
        Effect.map(usageResource),
        Effect.provideService(RequestCounter, counter)
      )
    // Made once, not per request (a generator function made per call costs V8 new hidden classes).
    const csvExport = Effect.fnUntraced(function*(query: UsageQuery) {
      const usage = yield* callersUsage(query)
      yield* HttpApp.appendPreResponseHandler((_, response) =>
        Effect.succeed(
          HttpServerResponse.setHeader(response, "content-disposition", `attachment; filename="${csvFileName(usage)}"`)
        )
      )
      return usageCsv(usage)
    })
    return handlers
      .handle("get", ({ urlParams }) => callersUsage(urlParams))
      .handle("export", ({ urlParams }) => csvExport(urlParams))
  }))

export const UsageAdminLive = HttpApiBuilder.group(ServedApi, "adminUsage", (handlers) =>
  Effect.gen(function*() {
    const counter = yield* RequestCounter
    return handlers.handle("get", ({ path, urlParams }) =>
      accountUsageReport(path.id, urlParams).pipe(Effect.map(usageResource), Effect.provideService(RequestCounter, counter)))
  }))
