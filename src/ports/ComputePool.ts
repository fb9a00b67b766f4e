import { Context, type Effect, type Either, Schema } from "effect"
import type { Analysis } from "../domain/forecast/Analysis.js"
import type { FinishInput, JudgedForecast, RulesInput } from "../domain/forecast/ForecastSteps.js"
import { Route, type RouteAnalysis } from "../domain/route/Route.js"
import { isPackedCells, type PackedCell, packCells, unpackCells } from "../domain/route/PackedCells.js"
import type { RouteCells } from "../domain/route/RouteLookup.js"
import type { Coordinates } from "../domain/spotcast/Coordinates.js"
import type { ForecastWeather } from "../domain/weather/ForecastWeather.js"
import { WeatherUnavailable } from "../domain/weather/HourlyWeather.js"
import { type AnalystInput, AnalystUnavailable } from "./Analyst.js"

/**
 * Plain data the domain built (objects, arrays, strings, numbers, booleans, null), checked as an object
 * and carried as it is: a structured clone keeps its every key, in order, so the output stays byte for
 * byte what the same computation makes in process. Values that are not plain (dates, DateTime) cross
 * through their own schemas instead.
 */
const Plain = <A>(name: string) =>
  Schema.declare((u: unknown): u is A => typeof u === "object" && u !== null, { identifier: name })

/** The rules and the judgement of a forecast's days (before the analyst). */
export class JudgeForecast extends Schema.TaggedRequest<JudgeForecast>()("JudgeForecast", {
  failure: WeatherUnavailable,
  success: Plain<JudgedForecast>("JudgedForecast"),
  payload: { input: Plain<RulesInput>("RulesInput") }
}) {}

/** The built-in analyst's words for a forecast. */
export class WriteForecast extends Schema.TaggedRequest<WriteForecast>()("WriteForecast", {
  failure: Schema.Never,
  success: Plain<Analysis>("Analysis"),
  payload: { input: Plain<AnalystInput>("AnalystInput") }
}) {}

/** The safety floor over the analyst's words, then the timeline (after the analyst). */
export class FinishForecast extends Schema.TaggedRequest<FinishForecast>()("FinishForecast", {
  failure: AnalystUnavailable,
  success: Plain<Analysis>("Analysis"),
  payload: { input: Plain<FinishInput>("FinishInput") }
}) {}

/**
 * A route's cells on the wire: packed into typed arrays (`PackedCells`), copied in one go; as they were
 * on either side.
 */
const RouteCellsOnTheWire = Schema.transform(
  Schema.declare((u: unknown): u is ReadonlyArray<PackedCell> => isPackedCells(u), { identifier: "PackedCells" }),
  Plain<RouteCells>("RouteCells"),
  { strict: true, decode: (packed) => unpackCells(packed), encode: (cells) => packCells(cells) }
)

/**
 * A route's whole analysis (every sample of every candidate departure) from its cells' weather, each
 * sample in its point's own time zone (`zones`, by sample, from the geography).
 */
export class AnalyzeRoute extends Schema.TaggedRequest<AnalyzeRoute>()("AnalyzeRoute", {
  failure: WeatherUnavailable,
  success: Plain<RouteAnalysis>("RouteAnalysis"),
  payload: { route: Route, cells: RouteCellsOnTheWire, zones: Schema.optional(Schema.Array(Schema.String)) }
}) {}

/**
 * One simulated weather series (sandbox accounts, or SPOTCAST_WEATHER_PROVIDER=simulated): computed,
 * not fetched, and a large route asks for hundreds. `site` is the simulator's own plain description of
 * the place (looked up on the geography by the caller).
 */
export interface SimulationRequest {
  readonly coordinates: Coordinates
  readonly dates: ReadonlyArray<string>
  readonly seed: string
  readonly site: unknown
  /**
   * One of many series for one job (a route's cells, `WeatherRequest.batch`): a pool sends these off the
   * request loop. A single series (a SpotCast's, about 0.2 ms) a pool may compute on the loop.
   */
  readonly batch?: boolean
}

export class SimulateWeather extends Schema.TaggedRequest<SimulateWeather>()("SimulateWeather", {
  failure: WeatherUnavailable,
  success: Plain<ForecastWeather>("ForecastWeather"),
  payload: { input: Plain<SimulationRequest>("SimulationRequest") }
}) {}

/** Every task a compute pool runs, as its messages are encoded. */
export const ComputeTask = Schema.Union(JudgeForecast, WriteForecast, FinishForecast, AnalyzeRoute, SimulateWeather)
export type ComputeTask = typeof ComputeTask.Type

/**
 * The pure, CPU-heavy steps of producing forecasts and routes, run where they cannot hold up the
 * request loop: at most one per core at once, the rest queued. Storage and the weather and model calls
 * stay with the caller. A defect (or a lost thread) dies; the caller's failure policy decides.
 */
export interface ComputePoolShape {
  readonly judgeForecast: (input: RulesInput) => Effect.Effect<JudgedForecast, WeatherUnavailable>
  readonly writeForecast: (input: AnalystInput) => Effect.Effect<Analysis>
  readonly finishForecast: (input: FinishInput) => Effect.Effect<Analysis, AnalystUnavailable>
  readonly analyzeRoute: (route: Route, cells: RouteCells, zones?: ReadonlyArray<string>) => Effect.Effect<RouteAnalysis, WeatherUnavailable>
  readonly simulateWeather: (input: SimulationRequest) => Effect.Effect<ForecastWeather, WeatherUnavailable>
}

export class ComputePool extends Context.Tag("spotcast/ComputePool")<ComputePool, ComputePoolShape>() {}

/**
 * The steps themselves, pure: what a pool runs, in process or in a thread. Left is the reason the
 * weather cannot be judged (`judgeForecast`, `analyzeRoute`) or the floor refuses the words.
 */
export interface ComputeSteps {
  readonly judgeForecast: (input: RulesInput) => Either.Either<JudgedForecast, string>
  readonly writeForecast: (input: AnalystInput) => Analysis
  readonly finishForecast: (input: FinishInput) => Either.Either<Analysis, string>
  readonly analyzeRoute: (route: Route, cells: RouteCells, zones?: ReadonlyArray<string>) => Either.Either<RouteAnalysis, string>
  readonly simulateWeather: (input: SimulationRequest) => Either.Either<ForecastWeather, string>
}
