import { layer } from "@effect/vitest"
import { Layer } from "effect"
import * as PostgresWebhookOutbox from "../../../src/adapters/postgres/PostgresWebhookOutbox.js"
import * as CryptoIds from "../../../src/adapters/system/CryptoIds.js"
import { pglite, server } from "../postgres/Targets.js"
import { serverReachable } from "../postgres/TestDatabase.js"
import { settingsLayer, T0 } from "./fixtures/Seed.js"
import { outboxContract } from "./WebhookOutboxContract.js"

const targets = (await serverReachable) ? [pglite, server] : [pglite]

for (const target of targets) {
  const storage = PostgresWebhookOutbox.layer.pipe(
    Layer.provideMerge(target.layer),
    Layer.provideMerge(Layer.merge(CryptoIds.layer, settingsLayer))
  )
  layer(storage, { excludeTestServices: true, timeout: "120 seconds" })(`PostgresWebhookOutbox (${target.name})`, (it) => {
    outboxContract(it, T0)
  })
}
