import createClient from "openapi-fetch"
import type { paths } from "./SpotCastPaths.js"

/**
 * A client generated from the document alone (openapi-typescript + openapi-fetch), as a third party
 * would write one: it compiles against the document's types, success and error bodies alike, and
 * answers what the server sent.
 */
export const typedClient = (baseUrl: string, key: string) => {
  const client = createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${key}` } })
  return {
    /** A SpotCast created, then read back: the typed fields of both answers. */
    createAndRead: async (startDate: string) => {
      const created = await client.POST("/v3/spotcast", {
        body: { latitude: 41.13, longitude: -71.71, start_date: startDate, num_days: 2 }
      })
      if (created.data === undefined) throw new Error(`create failed: ${JSON.stringify(created.error)}`)
      const read = await client.GET("/v3/spotcast/{id}", { params: { path: { id: created.data.id } } })
      if (read.data === undefined) throw new Error(`get failed: ${JSON.stringify(read.error)}`)
      return { id: read.data.id, numDays: read.data.forecast_period.num_days, endDate: read.data.forecast_period.end_date }
    },
    /** A 404 as the generated types declare it: the envelope's code, param and request id. */
    missing: async (id: string) => {
      const { error, response } = await client.GET("/v3/spotcast/{id}", { params: { path: { id } } })
      if (error === undefined) throw new Error("expected an error")
      return { status: response.status, code: error.error.code, param: "param" in error.error ? error.error.param : undefined, requestId: error.error.request_id }
    },
    /** A 400 for a rule the document states in words (a start date long past). */
    pastStart: async () => {
      const { error, response } = await client.POST("/v3/spotcast", {
        body: { latitude: 41.13, longitude: -71.71, start_date: "2020-01-01", num_days: 2 }
      })
      if (error === undefined) throw new Error("expected an error")
      return { status: response.status, code: error.error.code, param: "param" in error.error ? error.error.param : undefined, requestId: error.error.request_id }
    }
  }
}
