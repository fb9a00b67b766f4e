import { write } from "../../adapters/analyst/BuiltinAnalyst.js"
import { simulate, type SimulationInput } from "../../adapters/weather/SimulatedWeather.js"
import { finishForecast, judgeForecast } from "../../domain/forecast/ForecastSteps.js"
import { analyzeRoute } from "../../domain/route/AnalyzeRoute.js"
import { lookupFrom } from "../../domain/route/RouteLookup.js"
import type { ComputeSteps } from "../../ports/ComputePool.js"

/**
 * The compute steps: the domain's pure forecast and route work, the built-in analyst's texts and the
 * simulated weather's series. A
 * compute thread loads this module only (and what it imports), so it keeps to the pure code.
 */
export const steps: ComputeSteps = {
  judgeForecast,
  writeForecast: write,
  finishForecast,
  analyzeRoute: (route, cells, zones) => analyzeRoute(route, lookupFrom(cells), zones),
  // The site is the simulator's own, as the caller's simulator looked it up.
  simulateWeather: (input) => simulate(input as SimulationInput)
}
