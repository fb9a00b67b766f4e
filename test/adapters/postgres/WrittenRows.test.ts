import { assert, describe, it } from "@effect/vitest"
import { Arbitrary, FastCheck as fc, Schema } from "effect"
import { Analysis } from "../../../src/domain/forecast/Analysis.js"
import { Forecast } from "../../../src/domain/forecast/Forecast.js"
import { Job } from "../../../src/domain/forecast/Job.js"
import { LedgerEntry } from "../../../src/domain/billing/Ledger.js"
import { MetadataText } from "../../../src/domain/spotcast/Metadata.js"
import { SpotCast } from "../../../src/domain/spotcast/SpotCast.js"
import { WebhookUrl } from "../../../src/domain/webhook/WebhookUrl.js"
import { JobFromRow } from "../../../src/adapters/postgres/JobRows.js"
import { LedgerEntryFromRow } from "../../../src/adapters/postgres/LedgerRows.js"
import { ForecastFromRow, SpotCastFromRow } from "../../../src/adapters/postgres/SpotCastRows.js"
import { forecastRow, jobRow, ledgerEntryRow, spotcastRow } from "../../../src/adapters/postgres/WrittenRows.js"

/** For any value of `type`, the direct mapping writes what the row schema's encoding writes, key for key in its order. */
const sameAsEncoded = <A, I>(type: Schema.Schema<A, any>, fromRow: Schema.Schema<A, I>, direct: (a: A) => unknown) => {
  const encode = Schema.encodeSync(fromRow)
  fc.assert(
    fc.property(Arbitrary.make(type), (value) => {
      const expected = encode(value)
      const actual = direct(value)
      assert.deepStrictEqual(actual, expected)
      assert.deepStrictEqual(Object.keys(actual as object), Object.keys(expected as object))
    }),
    { numRuns: 300 }
  )
}

// The free-text members are drawn from samples: their refinements (a JSON object's text, a public URL)
// are hard to hit at random, and the mapping passes them through unchanged.
const metadata = Schema.optional(MetadataText.annotations({
  arbitrary: () => (fc) => fc.constantFrom(`{"trip":"Block Island"}`, `{ "k" : 1.0 }`).map(MetadataText.make)
}))
const webhookUrl = Schema.optional(WebhookUrl.annotations({
  arbitrary: () => (fc) => fc.constantFrom("https://example.com/hook", "https://hooks.example.org/a?b=c").map((u) => u as WebhookUrl)
}))
const sampleAnalysis = {
  summary: "Calm",
  daily_classifications: [{ date: "2026-03-01", classification: "GO" as const, summary: "Calm" }]
} as unknown as Analysis
const analysis = Schema.optional(Analysis.annotations({ arbitrary: () => (fc) => fc.constant(sampleAnalysis) }))

describe("WrittenRows", () => {
  it("a SpotCast's row is SpotCastFromRow's encoding", () =>
    sameAsEncoded(Schema.Struct({ ...SpotCast.fields, metadata, webhookUrl }), SpotCastFromRow, spotcastRow))
  it("a forecast's row is ForecastFromRow's encoding", () =>
    sameAsEncoded(Schema.Struct({ ...Forecast.fields, analysis, webhookUrl }), ForecastFromRow, forecastRow))
  it("a job's row is JobFromRow's encoding", () => sameAsEncoded(Job, JobFromRow, jobRow))
  it("a ledger entry's row is LedgerEntryFromRow's encoding", () =>
    sameAsEncoded(LedgerEntry, LedgerEntryFromRow, ledgerEntryRow))
})
