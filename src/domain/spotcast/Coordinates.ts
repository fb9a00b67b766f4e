import { Schema } from "effect"

export const Latitude = Schema.Finite.pipe(Schema.between(-90, 90))
export const Longitude = Schema.Finite.pipe(Schema.between(-180, 180))

export const Coordinates = Schema.Struct({ latitude: Latitude, longitude: Longitude })
export type Coordinates = typeof Coordinates.Type
