import { layer } from "@effect/vitest"
import { Layer } from "effect"
import * as MemoryStorage from "../../../src/adapters/memory/MemoryStorage.js"
import * as NodeCrypto from "../../../src/adapters/system/NodeCrypto.js"
import * as SequentialIds from "../../../src/adapters/system/SequentialIds.js"
import { settingsLayer, T0 } from "./fixtures/Seed.js"
import { outboxContract } from "./WebhookOutboxContract.js"

const MemoryLayer = MemoryStorage.layer.pipe(
  Layer.provideMerge(Layer.mergeAll(SequentialIds.layer, NodeCrypto.layer, settingsLayer))
)

layer(MemoryLayer, { excludeTestServices: true })("MemoryWebhookOutbox", (it) => {
  outboxContract(it, T0)
})
