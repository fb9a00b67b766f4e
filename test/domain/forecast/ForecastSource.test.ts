import { assert, describe, it } from "@effect/vitest"
import { sourceOf } from "../../../src/domain/forecast/ForecastExtras.js"
import type { ForecastWeather } from "../../../src/domain/weather/ForecastWeather.js"
import type { WeatherCredit } from "../../../src/domain/weather/HourlyWeather.js"

const series = (source: string, extra: Partial<ForecastWeather> = {}): ForecastWeather => ({
  source,
  utcOffsetSeconds: 0,
  hours: [],
  ...extra
})

const credit: WeatherCredit = {
  provider: "Example Weather",
  attribution: "Data by example.org",
  link: "https://example.org/",
  license: "CC BY 4.0",
  defaultModel: "blend"
}

describe("sourceOf: who the forecast's data comes from, as the weather adapter said", () => {
  it("simulated weather is the sandbox's, credited to no one", () => {
    assert.deepStrictEqual(sourceOf(series("simulated", { credit })), {
      provider: "SpotCast simulator",
      models: ["simulated"],
      attribution: "Simulated weather for the sandbox: not a forecast"
    })
  })

  it("a provider's credit is carried as given, with the models that answered", () => {
    assert.deepStrictEqual(sourceOf(series("example", { credit, models: ["a", "b"] })), {
      provider: "Example Weather",
      models: ["a", "b"],
      attribution: "Data by example.org",
      link: "https://example.org/",
      license: "CC BY 4.0"
    })
  })

  it("without the models that answered, the provider's default model is named", () => {
    assert.deepStrictEqual(sourceOf(series("example", { credit })).models, ["blend"])
  })

  it("a provider that gives no credit is named by its id, with no link or licence made up", () => {
    assert.deepStrictEqual(sourceOf(series("example")), {
      provider: "example",
      models: [],
      attribution: "Weather data by example"
    })
  })
})
