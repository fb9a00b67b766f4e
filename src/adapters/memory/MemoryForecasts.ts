import type { Forecast } from "../../domain/forecast/Forecast.js"
import { jobFor } from "../../domain/forecast/Job.js"
import type { ForecastId, SpotCastId } from "../../domain/Ids.js"
import type { PageRequest } from "../../ports/SpotCastStore.js"
import { insertSorted, newestFirst, positionAt } from "./KeysetOrder.js"
import type { MemoryTables } from "./MemoryDatabase.js"
import { setRow, type Undo, unindex } from "./MemoryTransactions.js"

/** Stores a new forecast as its SpotCast's newest, with its first job (a create's or a refresh's). */
export const addForecast = (db: MemoryTables, forecast: Forecast, onUndo: Undo): void => {
  setRow(db.forecasts, forecast.id, forecast, onUndo)
  const list = db.forecastsOf.get(forecast.spotcastId) ?? []
  list.push(forecast.id)
  setRow(db.forecastsOf, forecast.spotcastId, list, onUndo)
  onUndo(() => unindex(list, forecast.id))
  setRow(db.jobs, forecast.id, jobFor(forecast), onUndo)
}

/** The newest forecast of a SpotCast that has one (every stored SpotCast does), and how many it has. */
export const newestForecast = (db: MemoryTables, spotcastId: SpotCastId) => {
  const ids = db.forecastsOf.get(spotcastId)!
  return { forecastCount: ids.length, latest: db.forecasts.get(ids[ids.length - 1]!)! }
}

/** A SpotCast's forecasts, newest first, strictly after the cursor. */
export const forecastsPage = (db: MemoryTables, spotcastId: SpotCastId, page: PageRequest): Array<Forecast> => {
  // Kept in creation order (the last is the SpotCast's newest); a SpotCast has few, so sort to page.
  const byKey = (id: ForecastId) => positionAt(db.forecasts.get(id)!.createdAt, id)
  const sorted: Array<ForecastId> = []
  for (const id of db.forecastsOf.get(spotcastId) ?? []) insertSorted(sorted, id, byKey)
  return newestFirst(sorted, byKey, page).map((id) => db.forecasts.get(id)!)
}
