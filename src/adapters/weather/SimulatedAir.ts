import { type Spot, winterness } from "./SimulatedClimate.js"
import { smooth, uniform } from "./SimulatedNoise.js"
import { localHour, systemIndex } from "./SimulatedWind.js"

const AIR_TEMP = 30
const RAIN = 31
const RAIN_BURST = 32
const GUST = 33
const HAZE = 34
const FOG = 35

export interface Air {
  readonly airTempC: number
  readonly precipitationProbabilityPct: number
  readonly precipitationMmPerH: number
  /** A shower (convective) rather than steady frontal rain; showers bring gusts. */
  readonly showery: boolean
  readonly gustFactor: number
  readonly visibilityNm: number
  readonly fog: boolean
}

/** 1 at the warmest hour (15:00), -1 at the coolest (06:00): a quicker morning rise, a slow evening fall. */
const dayCurve = (hour: number): number =>
  hour >= 6 && hour <= 15
    ? -Math.cos((Math.PI * (hour - 6)) / 9)
    : Math.cos((Math.PI * ((((hour - 15) % 24) + 24) % 24)) / 15)

/** Near 1 around dawn, when radiation fog is likeliest. */
const dawn = (hour: number): number => Math.exp(-(((hour - 6.5) / 2.5) ** 2))

/**
 * Everything but wind and sea for one hour. Air over the sea follows the water, colder than it in
 * winter (the more so poleward) and a little warmer in summer, with warm and cold spells and a day
 * cycle. Rain comes with the systems (fronts) and as showers (most in the tropics, in the afternoon on
 * coasts). Fog forms when warm air lies over colder water, at dawn, in light wind, and not in rain
 * nor in desert air. Far inland the air follows the continent's climate, not the sea's.
 */
/**
 * Mean air temperature far inland: warmer than the sea in summer and colder in winter, the more so
 * poleward (continental climate), and hot in deserts. Rounded textbook figures: the Sahara about 35 °C
 * in July and 16 °C in January, central Europe about 19 and −2 °C.
 */
const inlandAirMeanC = (latitude: number, aridity: number, w: number): number => {
  const a = Math.abs(latitude)
  const annual = 27 - 0.55 * Math.max(0, a - 15) + 3 * aridity
  const halfRange = 2 + 0.27 * Math.max(0, a - 10) + 4 * aridity
  return annual + halfRange * (1 - 2 * w)
}

/** `seaTempC` is undefined far inland, where there is no sea. */
export const airAt = (spot: Spot, utcHours: number, windKt: number, seaTempC: number | undefined): Air => {
  const { place, zone } = spot
  const hour = localHour(spot, utcHours)
  const w = winterness(utcHours, place.latitude)
  // Deserts: a much drier base and weather systems that bring little rain (issue 11: no Saharan rain in July).
  const dry = place.aridity

  const rainIndex = zone.wetness - 4.5 * dry + (1 - 0.8 * dry) * (
    0.8 * (1 - 0.6 * zone.convective) * systemIndex(spot, utcHours) +
    0.9 * smooth(spot.key, RAIN, utcHours, 8) +
    0.6 * zone.convective * place.coastal * Math.cos((2 * Math.PI * (hour - 15)) / 24)
  )
  const probability = 100 / (1 + Math.exp(-1.5 * rainIndex))
  const burst = 0.4 + 1.2 * uniform(spot.key, RAIN_BURST, Math.floor(utcHours))
  const scale = 2 + 12 * zone.convective
  const rate = probability > 55 ? scale * ((probability - 55) / 45) ** 2 * burst : 0

  const season = zone.seaTempSeasonC * 1.3 * (1 - 2 * w)
  const overWater = zone.seasonality * (-6 * w + 1.5 * (1 - w)) - 0.8 * (1 - zone.seasonality)
  // Warm and cold spells; steadier in desert air.
  const spells = (0.6 + 3.9 * zone.seasonality) * (1 - 0.5 * dry) * smooth(spot.key, AIR_TEMP, utcHours, 60)
  const airMeanC = place.inland
    ? inlandAirMeanC(place.latitude, dry, w) + spells
    : zone.seaTempC + 0.5 * place.seaTempAnomalyC + season + overWater + spells
  // Half the day-night swing: small over the sea, large inland and in dry air.
  const swing = place.inland ? 4 + 3 * dry : 1 + 2.5 * place.coastal + 1.5 * dry
  const daily = swing * (1 - 0.6 * probability / 100) * dayCurve(hour)
  const airTempC = airMeanC + daily - 1.5 * Math.min(1, rate / 4)

  const showery = rate > 0 && uniform(spot.key, RAIN_BURST, -1 - Math.floor(utcHours / 6)) < zone.convective
  const squall = showery ? 0.35 * Math.min(1, rate / 6) : 0
  const unstable = seaTempC === undefined ? 0 : Math.max(-1, Math.min(1, (seaTempC - airTempC) / 5))
  const gustFactor = Math.min(1.75, Math.max(1.15,
    1.27 + 0.1 * unstable + 0.06 * smooth(spot.key, GUST, utcHours, 3) + 0.15 * Math.exp(-windKt / 5) + squall))

  const haze = Math.min(15, Math.max(4, 10 + 3.5 * smooth(spot.key, HAZE, utcHours, 30)))
  const inRain = 12 / (1 + rate) ** 1.05
  const fogIndex = -1.15 + 0.8 * smooth(spot.key, FOG, utcHours, 20) +
    0.25 * Math.max(-4, Math.min(4, airMeanC - (seaTempC ?? airMeanC))) + dawn(hour) -
    0.5 * place.coastal * Math.max(0, dayCurve(hour)) + 0.2 * Math.max(0, -place.seaTempAnomalyC) -
    windKt / 8 - (rate > 0.5 ? 2 : 0) - (place.inland ? 6 : 2.5) * dry
  const fog = fogIndex > 0
  const inFog = fog ? 2.5 * Math.exp(-2.2 * fogIndex) : Infinity
  return {
    airTempC,
    precipitationProbabilityPct: probability,
    precipitationMmPerH: rate,
    showery,
    gustFactor,
    visibilityNm: Math.max(0.05, Math.min(haze, inRain, inFog)),
    fog
  }
}
