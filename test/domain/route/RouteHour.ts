import type { HourlyPoint } from "../../../src/domain/weather/HourlyWeather.js"

/**
 * One hour of weather at a route's sample, every field the rules read: fair conditions whose gusts
 * (1.3 × the wind) and seas (wind ÷ 6 ft, at least 0.5) follow the wind in knots. `over` changes any field.
 */
export const routeHour = (wind: number, over: Partial<HourlyPoint> = {}): HourlyPoint => ({
  time: "2026-03-02T12:00",
  wind_speed_kt: wind,
  wind_gust_kt: wind * 1.3,
  wind_direction_deg: 200,
  wave_height_ft: Math.max(0.5, wind / 6),
  wave_period_s: 8,
  wave_direction_deg: 200,
  swell_height_ft: 0.5,
  swell_period_s: 10,
  swell_direction_deg: 200,
  visibility_nm: 10,
  precipitation_probability_pct: 0,
  precipitation_mm_per_h: 0,
  air_temp_c: 22,
  water_temp_c: 22,
  weather_code: 0,
  ...over
})
