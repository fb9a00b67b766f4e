import { assert, it } from "@effect/vitest"
import { DateTime, Effect, Exit, Layer, Option, Scope } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import * as EmbeddedPostgres from "../../../src/adapters/postgres/EmbeddedPostgres.js"
import { AccountStore } from "../../../src/ports/AccountStore.js"
import { SpotCastStore } from "../../../src/ports/SpotCastStore.js"
import * as F from "../../ports/Fixtures.js"
import { chargeNewSpotCast } from "../../../src/application/spotcast/CreateSpotCast.js"

const tempDir = Effect.acquireRelease(
  Effect.sync(() => path.join(fs.mkdtempSync(path.join(os.tmpdir(), "spotcast-pglite-")), "data")),
  (dir) => Effect.sync(() => fs.rmSync(path.dirname(dir), { recursive: true, force: true }))
)

/** Runs `effect` on embedded storage in `dataDir`, then shuts it down as a stopping process would. */
const session = <A, E, R>(dataDir: string, effect: Effect.Effect<A, E, R>) =>
  Effect.scoped(Effect.flatMap(Layer.build(EmbeddedPostgres.layer({ dataDir })), (ctx) => Effect.provide(effect, ctx)))

it.live("data survives a restart on the same data directory", () =>
  Effect.gen(function*() {
    const dataDir = yield* tempDir
    const made = yield* session(dataDir, Effect.gen(function*() {
      const account = yield* F.seed(10)
      const command = yield* F.createCommand(account)
      yield* chargeNewSpotCast(command)
      return { account, command }
    }))
    const found = yield* session(dataDir, Effect.gen(function*() {
      const view = yield* (yield* SpotCastStore).get(made.account.id, made.command.spotcast.id)
      const balance = yield* (yield* AccountStore).balance(made.account.id)
      return { view, balance }
    }))
    assert.deepStrictEqual(Option.map(found.view, (v) => v.spotcast), Option.some(made.command.spotcast))
    assert.deepStrictEqual(found.balance, { creditBalance: 8, totalPurchased: 10, totalUsed: 2 })
    assert.isTrue(fs.existsSync(path.join(dataDir, "PG_VERSION")))
    assert.isFalse(fs.existsSync(path.join(dataDir, "spotcast.lock")), "the lock is gone after shutdown")
  }).pipe(Effect.scoped), 60_000)

it.live("a data directory serves one process: a second opening is refused while the first runs", () =>
  Effect.gen(function*() {
    const dataDir = yield* tempDir
    const first = yield* Scope.make()
    yield* Layer.buildWithScope(EmbeddedPostgres.layer({ dataDir }), first)
    const second = yield* Effect.exit(Effect.scoped(Layer.build(EmbeddedPostgres.layer({ dataDir }))))
    assert.isTrue(Exit.isFailure(second))
    assert.include(String(Exit.isFailure(second) ? second.cause : ""), "DataDirInUse")
    yield* Scope.close(first, Exit.void)
    // A lock left by a process that died (pid 2^22 + 1 is above Linux's pid_max default) is taken over.
    fs.writeFileSync(path.join(dataDir, "spotcast.lock"), String(4_194_305))
    const account = yield* session(dataDir, Effect.gen(function*() {
      const made = F.account(yield* DateTime.now)
      yield* (yield* AccountStore).create({ account: made })
      return made
    }))
    assert.isTrue(account.id.startsWith("acct_"))
  }).pipe(Effect.scoped), 60_000)
