import type { HourlyPoint, WeatherSeries } from "../../../src/domain/weather/HourlyWeather.js"

export type Reading = Omit<HourlyPoint, "time">

/** A calm, dry, warm hour with good visibility and small seas. */
export const calmHour: Reading = {
  wind_speed_kt: 6,
  wind_gust_kt: 9,
  wind_direction_deg: 90,
  wave_height_ft: 1,
  wave_period_s: 8,
  wave_direction_deg: 90,
  swell_height_ft: 0.5,
  swell_period_s: 10,
  swell_direction_deg: 90,
  visibility_nm: 10,
  precipitation_probability_pct: 5,
  precipitation_mm_per_h: 0,
  air_temp_c: 22,
  water_temp_c: 21,
  weather_code: 1
}

export const galeHour: Reading = { ...calmHour, wind_speed_kt: 38, wind_gust_kt: 48, wave_height_ft: 12, wave_period_s: 9 }

export const noMarine = (r: Reading): Reading => ({
  ...r,
  wave_height_ft: null,
  wave_period_s: null,
  wave_direction_deg: null,
  swell_height_ft: null,
  swell_period_s: null,
  swell_direction_deg: null,
  water_temp_c: null
})

const pad = (n: number) => String(n).padStart(2, "0")

/** Local hours of consecutive dates from `firstDate`; `at(date, hour)` gives each hour's readings. */
export const series = (
  firstDate: string,
  numDays: number,
  at: (date: string, hour: number) => Reading,
  utcOffsetSeconds = 0
): WeatherSeries => {
  const start = Date.UTC(Number(firstDate.slice(0, 4)), Number(firstDate.slice(5, 7)) - 1, Number(firstDate.slice(8, 10)))
  const hours: Array<HourlyPoint> = []
  for (let d = 0; d < numDays; d++) {
    const date = new Date(start + d * 86_400_000).toISOString().slice(0, 10)
    for (let h = 0; h < 24; h++) hours.push({ time: `${date}T${pad(h)}:00`, ...at(date, h) })
  }
  return { source: "simulated", utcOffsetSeconds, hours }
}
