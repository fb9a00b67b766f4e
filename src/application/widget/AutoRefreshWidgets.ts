import { DateTime, type Duration, Effect, Option } from "effect"
import { autoRefreshStopped, claimedFor } from "../../domain/widget/Widget.js"
import { AccountStore } from "../../ports/AccountStore.js"
import { WidgetStore } from "../../ports/WidgetStore.js"
import { refreshWidget } from "./Widgets.js"

/** Widgets one pass claims at most. */
export const AUTO_REFRESH_BATCH = 50
/** How long a claimed widget stays with its process: a crash mid-refresh is retried after this. */
export const AUTO_REFRESH_LEASE_SECONDS = 300

export interface AutoRefreshPass {
  readonly refreshed: number
  readonly stopped: number
  readonly skipped: number
}

/**
 * One pass of the scheduler: claims the widgets whose automatic refresh is due (each claim is one
 * process's: the schedule is in the database) and refreshes each, charged like a manual refresh. A
 * widget whose account cannot pay has its schedule stopped (the page then says so); one whose newest
 * forecast is unfinished, or whose account is not active, is tried again when the claim's lease ends.
 */
export const refreshDueWidgets = Effect.fn("AutoRefreshWidgets.pass")(function*() {
  const store = yield* WidgetStore
  const accounts = yield* AccountStore
  const now = yield* DateTime.now
  const claimed = yield* store.claimDue(now, AUTO_REFRESH_BATCH, AUTO_REFRESH_LEASE_SECONDS)
  let refreshed = 0
  let stopped = 0
  let skipped = 0
  for (const claim of claimed) {
    const account = yield* accounts.get(claim.widget.accountId)
    if (Option.isNone(account) || account.value.status !== "active") {
      skipped++
      continue
    }
    const outcome = yield* refreshWidget(account.value, claim.widget.id, claim).pipe(
      Effect.as("refreshed" as const),
      Effect.catchTags({
        InsufficientBalance: () =>
          Effect.as(
            store.update(claim.widget.accountId, claim.widget.id, (widget) =>
              claimedFor(widget, claim.dueAt) ? autoRefreshStopped(widget, now)
                : widget),
            "stopped" as const
          ),
        WidgetNotFound: () => Effect.succeed("skipped" as const),
        WidgetRefreshInProgress: () => Effect.succeed("skipped" as const)
      })
    )
    if (outcome === "refreshed") refreshed++
    else if (outcome === "stopped") stopped++
    else skipped++
  }
  if (refreshed + stopped > 0) yield* Effect.logInfo("widget auto-refresh", { refreshed, stopped, skipped })
  return { refreshed, stopped, skipped } satisfies AutoRefreshPass
})

/**
 * The worker role's widget scheduler: a pass every `pollInterval`, in the caller's scope (closing it
 * stops the loop). A failed pass is logged and the next one runs as usual.
 */
export const startWidgetScheduler = (options: { readonly pollInterval: Duration.DurationInput }) =>
  Effect.forkScoped(
    Effect.forever(
      Effect.zipRight(
        refreshDueWidgets().pipe(
          Effect.catchAllCause((cause) => Effect.logError("widget auto-refresh pass failed", cause))
        ),
        Effect.sleep(options.pollInterval)
      )
    )
  ).pipe(Effect.asVoid)
