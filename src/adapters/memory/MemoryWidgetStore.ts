import { DateTime, Effect, Layer, Option } from "effect"
import type { AccountId, SpotCastId, WidgetId } from "../../domain/Ids.js"
import type { Widget, WidgetView } from "../../domain/widget/Widget.js"
import { WidgetStore, type WidgetStoreShape } from "../../ports/WidgetStore.js"
import { insertIndexed, newestFirst, positionAt } from "./KeysetOrder.js"
import { MemoryDatabase, type MemoryTables } from "./MemoryDatabase.js"
import { addForecast, newestForecast } from "./MemoryForecasts.js"
import { changing, setRow, unindex } from "./MemoryTransactions.js"

const live = (db: MemoryTables, widgetId: string) => {
  const record = db.widgets.get(widgetId as WidgetId)
  return record === undefined || record.deleted ? undefined : record.current
}

const owned = (db: MemoryTables, accountId: AccountId, widgetId: string) => {
  const widget = live(db, widgetId)
  return widget !== undefined && widget.accountId === accountId ? widget : undefined
}

const view = (db: MemoryTables, widget: Widget): WidgetView => ({
  widget,
  latest: newestForecast(db, widget.spotcastId).latest
})

const save = (db: MemoryTables, widget: Widget) => {
  const record = db.widgets.get(widget.id)!
  db.widgets.set(widget.id, { ...record, current: widget })
}

export const make = (db: MemoryTables): WidgetStoreShape => ({
  insert: (widget, spotcast, forecast) =>
    changing((onUndo) => {
      setRow(db.spotcasts, spotcast.id, spotcast, onUndo)
      setRow(db.widgetOfSpotCast, spotcast.id, widget.id, onUndo)
      setRow(db.widgets, widget.id, { current: widget, created: widget, deleted: false }, onUndo)
      insertIndexed(db.widgetsOf, widget.accountId, widget.id, (id) => positionAt(db.widgets.get(id)!.created.createdAt, id))
      onUndo(() => unindex(db.widgetsOf.get(widget.accountId)!, widget.id))
      addForecast(db, forecast, onUndo)
    }),

  lockLatest: (accountId, widgetId) =>
    Effect.sync(() => {
      const widget = owned(db, accountId, widgetId)
      if (widget === undefined) return Option.none()
      const { latest } = view(db, widget)
      return Option.some({ widget, latest: { id: latest.id, status: latest.status } })
    }),

  addForecast: (forecast, spotcast, widget) =>
    changing((onUndo) => {
      setRow(db.spotcasts, spotcast.id, spotcast, onUndo)
      addForecast(db, forecast, onUndo)
      setRow(db.widgets, widget.id, { ...db.widgets.get(widget.id)!, current: widget }, onUndo)
    }),

  get: (accountId, widgetId) =>
    Effect.sync(() => {
      const widget = owned(db, accountId, widgetId)
      return widget === undefined ? Option.none() : Option.some(view(db, widget))
    }),

  getPublic: (widgetId) =>
    Effect.sync(() => {
      const widget = live(db, widgetId)
      return widget === undefined ? Option.none() : Option.some(view(db, widget))
    }),

  created: (accountId, spotcastId: SpotCastId) =>
    Effect.sync(() => {
      const widgetId = db.widgetOfSpotCast.get(spotcastId)
      const record = widgetId && db.widgets.get(widgetId)
      return record && record.created.accountId === accountId ? Option.some(record.created) : Option.none()
    }),

  list: (accountId, page) =>
    Effect.sync(() => {
      const ids = (db.widgetsOf.get(accountId) ?? []).filter((id) => !db.widgets.get(id)!.deleted)
      return newestFirst(ids, (id) => positionAt(db.widgets.get(id)!.created.createdAt, id), page)
        .map((id) => view(db, db.widgets.get(id)!.current))
    }),

  update: (accountId, widgetId, update) =>
    Effect.sync(() => {
      const widget = owned(db, accountId, widgetId)
      if (widget === undefined) return Option.none()
      const next = update(widget)
      save(db, next)
      return Option.some(view(db, next))
    }),

  remove: (accountId, widgetId) =>
    Effect.sync(() => {
      const widget = owned(db, accountId, widgetId)
      if (widget === undefined) return false
      db.widgets.set(widget.id, { ...db.widgets.get(widget.id)!, deleted: true })
      return true
    }),

  claimDue: (now, limit, leaseSeconds) =>
    Effect.sync(() => {
      const due: Array<Widget> = []
      for (const record of db.widgets.values()) {
        const next = record.current.nextRefreshAt
        if (!record.deleted && next !== undefined && DateTime.lessThanOrEqualTo(next, now)) due.push(record.current)
      }
      due.sort((a, b) => DateTime.toEpochMillis(a.nextRefreshAt!) - DateTime.toEpochMillis(b.nextRefreshAt!))
      const dueAt = DateTime.add(now, { seconds: leaseSeconds })
      return due.slice(0, limit).map((widget) => {
        const claimed = { ...widget, nextRefreshAt: dueAt }
        save(db, claimed)
        return { widget: claimed, dueAt }
      })
    })
})

export const layer = Layer.effect(WidgetStore, Effect.map(MemoryDatabase, make))
