import { Either, ParseResult, Schema } from "effect"
import { VesselLength, VesselType } from "../../domain/spotcast/Vessel.js"
import { classifyDay, type DayClass } from "../../domain/safety/ClassifyDay.js"
import { says, strict } from "../../adapters/http/contract/SchemaAnnotations.js"

const Amount = Schema.Finite.pipe(Schema.nonNegative())
const Positive = Schema.Finite.pipe(Schema.positive())
const Percent = Schema.Finite.pipe(Schema.between(0, 100))

/** DayConditions as an operator types it: plausible ranges, and a misspelt field is an error, not a gap. */
const BatchDay = Schema.Struct({
  wind_speed_kt: Amount,
  wind_gust_kt: Amount,
  wind_direction_deg: Schema.Finite.pipe(Schema.between(0, 360)),
  wave_height_ft: Schema.optionalWith(Amount, { exact: true }),
  wave_period_s: Schema.optionalWith(Positive, { exact: true }),
  swell_height_ft: Schema.optionalWith(Amount, { exact: true }),
  swell_period_s: Schema.optionalWith(Positive, { exact: true }),
  visibility_nm: Schema.optionalWith(Amount, { exact: true }),
  precipitation_probability_pct: Schema.optionalWith(Percent, { exact: true }),
  precipitation_mm_per_h: Schema.optionalWith(Amount, { exact: true }),
  air_temp_c: Schema.optionalWith(Schema.Finite, { exact: true }),
  water_temp_c: Schema.optionalWith(Schema.Finite, { exact: true }),
  weather_code: Schema.optionalWith(Schema.Int.pipe(Schema.between(0, 99)), { exact: true }),
  cape_j_per_kg: Schema.optionalWith(Amount, { exact: true }),
  daylight_hours: Schema.optionalWith(Schema.Finite.pipe(Schema.between(0, 24)), { exact: true }),
  dark_hours: Schema.optionalWith(Schema.Finite.pipe(Schema.between(0, 24)), { exact: true })
}).annotations(strict)

const BatchVessel = Schema.Struct({
  type: Schema.Literal(...VesselType.literals).annotations(says(`expected one of ${VesselType.literals.join(", ")}`)),
  length_ft: VesselLength
}).annotations({ ...strict, identifier: `{"type", "length_ft"} or null` })

/** One entry; other keys beside `vessel` and `day` (an id, an expected class) are ignored. */
const BatchItem = Schema.Struct({ vessel: Schema.optional(Schema.Unknown), day: BatchDay })

export class InvalidBatch extends Schema.TaggedError<InvalidBatch>()("InvalidBatch", {
  message: Schema.String,
  problems: Schema.Array(Schema.String)
}) {}

const where = (path: ReadonlyArray<PropertyKey>): string =>
  path.map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join("")

const problemsOf = <A, I>(schema: Schema.Schema<A, I>, input: unknown, at: ReadonlyArray<PropertyKey>) =>
  Either.mapLeft(
    Schema.decodeUnknownEither(schema, { errors: "all" })(input),
    (error) => ParseResult.ArrayFormatter.formatErrorSync(error).map((i) => `${where([...at, ...i.path])}: ${i.message}`)
  )

const judge = (entry: unknown, i: number): Either.Either<DayClass, ReadonlyArray<string>> => {
  if (typeof entry !== "object" || entry === null || Array.isArray(entry)) {
    return Either.left([`[${i}]: expected an object {"vessel", "day"}`])
  }
  const item = problemsOf(BatchItem, entry, [i])
  const raw = Either.isRight(item) ? item.right.vessel : (entry as { vessel?: unknown }).vessel
  const vessel = raw === undefined || raw === null ? Either.right(undefined) : problemsOf(BatchVessel, raw, [i, "vessel"])
  if (Either.isLeft(item) || Either.isLeft(vessel)) {
    return Either.left([...(Either.isLeft(item) ? item.left : []), ...(Either.isLeft(vessel) ? vessel.left : [])])
  }
  const v = vessel.right
  return Either.right(classifyDay(item.right.day, v === undefined ? undefined : { type: v.type, lengthFt: v.length_ft }))
}

/**
 * The `classify` command's engine: `[{vessel: {type, length_ft} | null, day}]` to
 * `[{classification, reasons}]`, same order. A missing or null vessel is the default 20 ft power boat.
 * Every problem is reported at once, each with its index and field.
 */
export const classifyBatch = (input: unknown): Either.Either<ReadonlyArray<DayClass>, InvalidBatch> => {
  if (!Array.isArray(input)) {
    const problems = ["input: expected a JSON array of {\"vessel\", \"day\"} entries"]
    return Either.left(new InvalidBatch({ message: `invalid input: ${problems[0]}`, problems }))
  }
  const results = input.map(judge)
  const problems = results.flatMap((r) => (Either.isLeft(r) ? r.left : []))
  if (problems.length > 0) return Either.left(new InvalidBatch({ message: `invalid input: ${problems.join("; ")}`, problems }))
  return Either.right(results.flatMap((r) => (Either.isRight(r) ? [r.right] : [])))
}

/** The same from JSON text (what arrives on stdin). */
export const classifyBatchJson = (text: string): Either.Either<ReadonlyArray<DayClass>, InvalidBatch> => {
  let input: unknown
  try {
    input = JSON.parse(text)
  } catch (e) {
    const detail = e instanceof Error ? e.message : String(e)
    return Either.left(new InvalidBatch({ message: `input is not valid JSON: ${detail}`, problems: [detail] }))
  }
  return classifyBatch(input)
}
