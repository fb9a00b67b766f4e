import type * as SqlClient from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import { Effect, Either } from "effect"
import { type Balance, balancesAlongTheWay, type LedgerEntry } from "../../domain/billing/Ledger.js"
import { jobFor } from "../../domain/forecast/Job.js"
import type { Forecast } from "../../domain/forecast/Forecast.js"
import type { SpotCast } from "../../domain/spotcast/SpotCast.js"
import type { makeBatchedWrites } from "./BatchedWrites.js"
import { type ChargedRow, makeDebit } from "./DebitStatement.js"
import { forecastRow, jobRow, spotcastRow } from "./WrittenRows.js"

/** The most creates one statement carries (four rows each). */
const MAX_CREATES_TOGETHER = 32

/** A create as `insertCharged` is asked it. */
interface Create {
  readonly spotcast: SpotCast
  readonly forecast: Forecast
  readonly charge: LedgerEntry
}

/**
 * The positions of `creates` grouped by account, in the order they came, each group at most `max` long:
 * the creates each statement carries.
 */
export const accountsTogether = (creates: ReadonlyArray<Pick<Create, "charge">>, max: number) => {
  const groups: Array<Array<number>> = []
  const open = new Map<string, Array<number>>()
  creates.forEach((create, i) => {
    let group = open.get(create.charge.accountId)
    if (group === undefined || group.length >= max) {
      group = []
      groups.push(group)
      open.set(create.charge.accountId, group)
    }
    group.push(i)
  })
  return groups
}

/**
 * `SpotCastStore.insertCharged` on Postgres: a new SpotCast's three rows with its charge in one statement
 * (DebitStatement), with no transaction when no key was claimed; with a key, in the caller's transaction.
 */
export const makeChargedCreates = (sql: SqlClient.SqlClient, batched: ReturnType<typeof makeBatchedWrites>) => {
  // The rows are mapped as their schemas would encode them, without validating again (WrittenRows).
  const debit = makeDebit(sql)
  const createdRows = ({ forecast, spotcast }: Create): ReadonlyArray<ChargedRow> => [
    ["spotcasts", { ...spotcastRow(spotcast), forecast_count: 1, latest_forecast_id: forecast.id }],
    ["forecasts", forecastRow(forecast)],
    ["jobs", jobRow(jobFor(forecast))]
  ]
  const createAlone = (create: Create, settles?: string) => debit([create.charge], settles, createdRows(create))
  // Creates asked while one is on its way go together (BatchedWrites): one statement for each account's,
  // charging their sum. When the balance covers the sum, every one of them would have been charged one
  // after another too; when it does not, they are sent again one by one, so each is charged exactly
  // when it would have been alone. Under one busy key that is one statement, one commit and one wait on
  // the account's row for many creates, where each create's own statement queued on the row and woke
  // with every commit.
  const createTogether = (creates: ReadonlyArray<Create>) => {
    if (creates.length === 1) return Effect.map(createAlone(creates[0]!), (answer) => [answer])
    const charges = creates.map((c) => c.charge)
    return Effect.flatMap(
      debit(charges, undefined, creates.flatMap(createdRows)),
      (after): Effect.Effect<ReadonlyArray<Either.Either<Balance, number>>, SqlError> =>
        Either.isRight(after)
          ? Effect.succeed(balancesAlongTheWay(after.right, charges).map(Either.right))
          : Effect.forEach(creates, (create) => createAlone(create))
    )
  }
  // Each account's creates in statements of their own, side by side; answered in the order asked.
  const createMany = (creates: ReadonlyArray<Create>) => {
    const answers = new Array<Either.Either<Balance, number>>(creates.length)
    return Effect.as(
      Effect.forEach(
        accountsTogether(creates, MAX_CREATES_TOGETHER),
        (group) =>
          Effect.map(createTogether(group.map((i) => creates[i]!)), (answered) => {
            group.forEach((i, k) => {
              answers[i] = answered[k]!
            })
          }),
        { concurrency: "unbounded", discard: true }
      ),
      answers
    )
  }
  const created = batched(
    (creates: ReadonlyArray<Create>) => Effect.orDie(createMany(creates)),
    (create: Create) => Effect.orDie(createAlone(create))
  )
  return (create: Create, settles: string | undefined): Effect.Effect<Either.Either<Balance, number>> =>
    settles === undefined ? created(create) : Effect.orDie(createAlone(create, settles))
}
