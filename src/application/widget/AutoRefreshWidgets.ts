import { DateTime, Duration, Effect, Option } from "effect"
import { autoRefreshStopped, claimedFor, type Widget } from "../../domain/widget/Widget.js"
import { startClaimLoop } from "../worker/ClaimLoop.js"
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

type Claim = { readonly widget: Widget; readonly dueAt: DateTime.Utc }
type Outcome = "refreshed" | "stopped" | "skipped"

/**
 * Refreshes one claimed widget, charged like a manual refresh. A widget whose account cannot pay has its
 * schedule stopped (the page then says so); one whose newest forecast is unfinished, or whose account is
 * not active, is tried again when the claim's lease ends.
 */
const refreshClaimed = (claim: Claim) =>
  Effect.gen(function*() {
    const store = yield* WidgetStore
    const account = yield* (yield* AccountStore).get(claim.widget.accountId)
    if (Option.isNone(account) || account.value.status !== "active") return "skipped" as Outcome
    return yield* refreshWidget(account.value, claim.widget.id, claim).pipe(
      Effect.as("refreshed" as Outcome),
      Effect.catchTags({
        InsufficientBalance: () =>
          Effect.flatMap(DateTime.now, (now) =>
            Effect.as(
              store.update(claim.widget.accountId, claim.widget.id, (widget) =>
                claimedFor(widget, claim.dueAt) ? autoRefreshStopped(widget, now)
                  : widget),
              "stopped" as Outcome
            )),
        WidgetNotFound: () => Effect.succeed("skipped" as Outcome),
        WidgetRefreshInProgress: () => Effect.succeed("skipped" as Outcome)
      })
    )
  })

/**
 * One pass: claims the widgets whose automatic refresh is due (each claim is one process's: the schedule
 * is in the database) and refreshes each.
 */
export const refreshDueWidgets = Effect.fn("AutoRefreshWidgets.pass")(function*() {
  const now = yield* DateTime.now
  const claimed = yield* (yield* WidgetStore).claimDue(now, AUTO_REFRESH_BATCH, AUTO_REFRESH_LEASE_SECONDS)
  const counts = { refreshed: 0, stopped: 0, skipped: 0 }
  for (const claim of claimed) counts[yield* refreshClaimed(claim)]++
  if (counts.refreshed + counts.stopped > 0) yield* Effect.logInfo("widget auto-refresh", counts)
  return counts satisfies AutoRefreshPass
})

/**
 * The worker role's widget scheduler on the claim loop: due widgets refreshed one at a time, claimed
 * again at once while more are due, then once every `pollInterval`. Runs in the caller's scope; a widget
 * interrupted by shutdown is taken again when its claim's lease ends.
 */
export const startWidgetScheduler = (options: {
  readonly pollInterval: Duration.DurationInput
  readonly shutdownGrace?: Duration.DurationInput
}) =>
  startClaimLoop({
    name: "widgets",
    batch: 1,
    claim: (_owner, max) =>
      Effect.flatMap(WidgetStore, (store) =>
        Effect.flatMap(DateTime.now, (now) => store.claimDue(now, max, AUTO_REFRESH_LEASE_SECONDS))),
    process: (claim) =>
      Effect.flatMap(refreshClaimed(claim), (outcome) =>
        outcome === "skipped" ? Effect.void : Effect.logInfo("widget auto-refresh", { outcome })),
    idle: Effect.sleep(options.pollInterval),
    annotate: (claim) => ({ widgetId: claim.widget.id })
  }, { concurrency: 1, shutdownGrace: options.shutdownGrace ?? Duration.zero }).pipe(Effect.asVoid)
