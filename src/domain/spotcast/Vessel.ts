import { Schema } from "effect"

export const VesselType = Schema.Literal("powerBoat", "sailboat", "pwc", "yacht", "catamaran")
export type VesselType = typeof VesselType.Type

export const VesselLength = Schema.Finite.pipe(Schema.between(1, 500))

export const Vessel = Schema.Struct({ type: VesselType, lengthFt: VesselLength })
export type Vessel = typeof Vessel.Type

/** docs/safety.md: with no vessel given, a day is judged for a 20 ft power boat. */
export const defaultVessel: Vessel = { type: "powerBoat", lengthFt: 20 }
