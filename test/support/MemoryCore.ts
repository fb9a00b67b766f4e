import { Layer } from "effect"
import * as NaturalEarthGeography from "../../src/adapters/geography/NaturalEarthGeography.js"
import * as MemoryStorage from "../../src/adapters/memory/MemoryStorage.js"
import * as NodeCrypto from "../../src/adapters/system/NodeCrypto.js"
import * as SequentialIds from "../../src/adapters/system/SequentialIds.js"
import * as TestSettings from "./TestSettings.js"

/** Storage, ids, settings on memory and the real geography: what the core's use cases need, minus weather and analyst. */
export const layer = Layer.mergeAll(
  MemoryStorage.layer,
  SequentialIds.layer,
  NodeCrypto.layer,
  TestSettings.layer(),
  NaturalEarthGeography.layer
)

export type Services = Layer.Layer.Success<typeof layer>
