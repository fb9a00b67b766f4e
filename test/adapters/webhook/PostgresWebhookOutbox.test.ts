import { layer } from "@effect/vitest"
import { Layer } from "effect"
import * as CryptoIds from "../../../src/adapters/system/CryptoIds.js"
import * as NodeCrypto from "../../../src/adapters/system/NodeCrypto.js"
import { pglite, server } from "../postgres/Targets.js"
import { serverReachable } from "../postgres/TestDatabase.js"
import { settingsLayer, T0 } from "./fixtures/Seed.js"
import { outboxContract } from "./WebhookOutboxContract.js"

const targets = (await serverReachable) ? [pglite, server] : [pglite]

for (const target of targets) {
  const storage = target.layer.pipe(Layer.provideMerge(Layer.mergeAll(CryptoIds.layer, NodeCrypto.layer, settingsLayer)))
  layer(storage, { excludeTestServices: true, timeout: "120 seconds" })(`PostgresWebhookOutbox (${target.name})`, (it) => {
    outboxContract(it, T0)
  })
}
