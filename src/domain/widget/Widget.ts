import { DateTime, Either, Schema } from "effect"
import { Forecast } from "../forecast/Forecast.js"
import { isTerminal } from "../forecast/ForecastStatus.js"
import { AccountId, ForecastId, SpotCastId, WidgetId } from "../Ids.js"
import { Coordinates } from "../spotcast/Coordinates.js"
import { Preferences, resolvePreferences } from "../spotcast/Preferences.js"
import type { SpotCast } from "../spotcast/SpotCast.js"
import { Vessel } from "../spotcast/Vessel.js"

export const DisplayType = Schema.Literal("mini", "full")
export type DisplayType = typeof DisplayType.Type

export const MAX_WIDGET_NAME_LENGTH = 200
/** The auto-refresh periods a widget may ask for (hours). */
export const AUTO_REFRESH_HOURS = [6, 12, 24] as const
export const AutoRefreshHours = Schema.Literal(...AUTO_REFRESH_HOURS)
export type AutoRefreshHours = typeof AutoRefreshHours.Type

/** What a site owner configures; an update changes these, and they take effect at the next refresh. */
export const WidgetConfig = Schema.Struct({
  name: Schema.String,
  displayType: DisplayType,
  coordinates: Coordinates,
  numDays: Schema.Int.pipe(Schema.between(1, 5)),
  preferences: Preferences,
  vessel: Schema.optional(Vessel),
  tripDurationHours: Schema.optional(Schema.Int),
  /** Off when absent. */
  autoRefreshHours: Schema.optional(AutoRefreshHours)
})
export type WidgetConfig = typeof WidgetConfig.Type

/**
 * A configurable forecast display for a public web page. Its forecasts are those of a hidden SpotCast
 * (`spotcastId`) that each refresh re-aims at the widget's current configuration and today's date, so
 * the forecast pipeline (jobs, workers, failure refunds) serves widgets unchanged.
 */
export const Widget = Schema.Struct({
  ...WidgetConfig.fields,
  id: WidgetId,
  accountId: AccountId,
  spotcastId: SpotCastId,
  createdAt: Schema.DateTimeUtc,
  updatedAt: Schema.DateTimeUtc,
  lastRefreshedAt: Schema.DateTimeUtc,
  /** When the next automatic refresh is due; absent when auto-refresh is off or stopped. */
  nextRefreshAt: Schema.optional(Schema.DateTimeUtc),
  /** Set when an automatic refresh could not be paid for; auto-refresh stays off until the widget is updated or refreshed. */
  autoRefreshStoppedAt: Schema.optional(Schema.DateTimeUtc)
})
export type Widget = typeof Widget.Type

/** A widget as read: with its newest forecast. */
export interface WidgetView {
  readonly widget: Widget
  readonly latest: Forecast
}

export class WidgetNotFound extends Schema.TaggedError<WidgetNotFound>()("WidgetNotFound", {
  widgetId: Schema.String
}) {}

/** Refresh while the widget's newest forecast is still pending or processing (409). */
export class WidgetRefreshInProgress extends Schema.TaggedError<WidgetRefreshInProgress>()("WidgetRefreshInProgress", {
  widgetId: WidgetId,
  forecastId: ForecastId
}) {}

export const checkWidgetRefreshable = (
  widgetId: WidgetId,
  latest: Pick<Forecast, "id" | "status">
): Either.Either<void, WidgetRefreshInProgress> =>
  isTerminal(latest.status) ? Either.void : Either.left(new WidgetRefreshInProgress({ widgetId, forecastId: latest.id }))

/** Whether the widget's automatic refresh is still the claim that took it due at `dueAt` (no other process moved it). */
export const claimedFor = (widget: Pick<Widget, "nextRefreshAt">, dueAt: DateTime.Utc): boolean =>
  widget.nextRefreshAt !== undefined && DateTime.Equivalence(widget.nextRefreshAt, dueAt)

/** Midnight UTC of `now`'s day: a widget always forecasts from today. */
export const startOfDay = (now: DateTime.Utc): DateTime.Utc => DateTime.startOf(now, "day")

/** The hidden SpotCast that produces the widget's next forecast: its configuration, from today. */
export const backingSpotCast = (
  widget: Pick<Widget, "spotcastId" | "accountId" | "createdAt" | keyof WidgetConfig>,
  now: DateTime.Utc
): SpotCast => ({
  id: widget.spotcastId,
  accountId: widget.accountId,
  createdAt: widget.createdAt,
  coordinates: widget.coordinates,
  start: startOfDay(now),
  numDays: widget.numDays,
  preferences: widget.preferences,
  ...(widget.vessel === undefined ? {} : { vessel: widget.vessel }),
  ...(widget.tripDurationHours === undefined ? {} : { tripDurationHours: widget.tripDurationHours })
})

/** When the next automatic refresh falls due after a refresh at `at`; none when auto-refresh is off. */
export const nextRefreshAfter = (autoRefreshHours: AutoRefreshHours | undefined, at: DateTime.Utc) =>
  autoRefreshHours === undefined ? undefined : DateTime.add(at, { hours: autoRefreshHours })

/** The widget after a (manual or automatic) refresh at `at`: the schedule restarts from it. */
export const refreshed = (widget: Widget, at: DateTime.Utc): Widget => {
  const { autoRefreshStoppedAt: _stopped, nextRefreshAt: _next, ...rest } = widget
  const next = nextRefreshAfter(widget.autoRefreshHours, at)
  return { ...rest, lastRefreshedAt: at, ...(next === undefined ? {} : { nextRefreshAt: next }) }
}

/** An update: every field optional; `autoRefreshHours: null` turns auto-refresh off. */
export interface WidgetPatch {
  readonly name?: string | undefined
  readonly displayType?: DisplayType | undefined
  readonly coordinates?: Coordinates | undefined
  readonly numDays?: number | undefined
  readonly preferences?: Partial<Preferences> | undefined
  readonly vessel?: Vessel | undefined
  readonly tripDurationHours?: number | undefined
  readonly autoRefreshHours?: AutoRefreshHours | null | undefined
}

/**
 * The preferences after an update. Height and temperature units the update names are taken; those it
 * leaves out are kept, unless it changes the language, distance or speed units: then they are the
 * defaults for the new audience (`resolvePreferences`), as a widget created that way would get.
 */
export const patchedPreferences = (current: Preferences, patch: Partial<Preferences> | undefined): Preferences => {
  if (patch === undefined) return current
  const request = {
    language: patch.language ?? current.language,
    distanceUnits: patch.distanceUnits ?? current.distanceUnits,
    speedUnits: patch.speedUnits ?? current.speedUnits
  }
  const audienceChanged = request.language !== current.language || request.distanceUnits !== current.distanceUnits ||
    request.speedUnits !== current.speedUnits
  return resolvePreferences({
    ...request,
    heightUnits: patch.heightUnits ?? (audienceChanged ? undefined : current.heightUnits),
    temperatureUnits: patch.temperatureUnits ?? (audienceChanged ? undefined : current.temperatureUnits)
  })
}

/**
 * The widget with `patch` applied at `at`. Changing the auto-refresh period (or turning it on again)
 * reschedules it from the last refresh, or from now when that moment has passed.
 */
export const applyPatch = (widget: Widget, patch: WidgetPatch, at: DateTime.Utc): Widget => {
  const { autoRefreshHours: _h, autoRefreshStoppedAt: _s, nextRefreshAt: _n, tripDurationHours: _t, vessel: _v, ...base } =
    widget
  const autoRefreshHours = patch.autoRefreshHours === undefined
    ? widget.autoRefreshHours
    : patch.autoRefreshHours ?? undefined
  const vessel = patch.vessel ?? widget.vessel
  const tripDurationHours = patch.tripDurationHours ?? widget.tripDurationHours
  const scheduleChanged = patch.autoRefreshHours !== undefined
  let nextRefreshAt = scheduleChanged ? undefined : widget.nextRefreshAt
  let stoppedAt = scheduleChanged ? undefined : widget.autoRefreshStoppedAt
  if (scheduleChanged && autoRefreshHours !== undefined) {
    const fromLast = nextRefreshAfter(autoRefreshHours, widget.lastRefreshedAt)!
    nextRefreshAt = DateTime.greaterThan(fromLast, at) ? fromLast : at
    stoppedAt = undefined
  }
  return {
    ...base,
    name: patch.name ?? widget.name,
    displayType: patch.displayType ?? widget.displayType,
    coordinates: patch.coordinates ?? widget.coordinates,
    numDays: patch.numDays ?? widget.numDays,
    preferences: patchedPreferences(widget.preferences, patch.preferences),
    updatedAt: at,
    ...(vessel === undefined ? {} : { vessel }),
    ...(tripDurationHours === undefined ? {} : { tripDurationHours }),
    ...(autoRefreshHours === undefined ? {} : { autoRefreshHours }),
    ...(nextRefreshAt === undefined ? {} : { nextRefreshAt }),
    ...(stoppedAt === undefined ? {} : { autoRefreshStoppedAt: stoppedAt })
  }
}

/** The widget once an automatic refresh at `at` could not be paid for: the schedule stops. */
export const autoRefreshStopped = (widget: Widget, at: DateTime.Utc): Widget => {
  const { nextRefreshAt: _n, ...rest } = widget
  return { ...rest, autoRefreshStoppedAt: at }
}

/** Is an automatic refresh due at `now`? */
export const isRefreshDue = (widget: Pick<Widget, "nextRefreshAt">, now: DateTime.Utc): boolean =>
  widget.nextRefreshAt !== undefined && DateTime.lessThanOrEqualTo(widget.nextRefreshAt, now)
