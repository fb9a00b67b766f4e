import { Context, Effect } from "effect"

/** What the edge learns about one request as it goes, for its log line and metrics. */
export interface RequestInfoShape {
  readonly requestId: string
  accountId: string | undefined
}

export class RequestInfo extends Context.Tag("spotcast/http/RequestInfo")<RequestInfo, RequestInfoShape>() {}

/** Records the authenticated account for the request's log line (a no-op outside a served request). */
export const noteAccount = (accountId: string) =>
  Effect.serviceOption(RequestInfo).pipe(
    Effect.map((info) => {
      if (info._tag === "Some") info.value.accountId = accountId
    })
  )
