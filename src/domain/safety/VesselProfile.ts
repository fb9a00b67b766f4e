import type { Vessel } from "../spotcast/Vessel.js"
import { type Band, BAND_FROM_FT, BAND_TABLE, type BandLimits, UNIVERSAL, YACHT_BUMP } from "./Thresholds.js"

/**
 * How the rules see a vessel: the band whose limits apply (with the yacht bump), and the size classes
 * the universal rules use, taken from the real length. A pwc is a pwc at any length and counts as the
 * smallest craft for every universal rule.
 */
export interface VesselProfile {
  readonly vessel: Vessel
  readonly band: Band
  readonly limits: BandLimits
  /** The band as the reasons name it, e.g. "16-25 ft" or "80-199 ft, yacht allowance". */
  readonly label: string
  /** Near-freezing water rule: pwc and boats under 16 ft. */
  readonly under16: boolean
  /** Cold water rule: pwc and boats under 21 ft (`uscg-boating-stats`). */
  readonly under21: boolean
  /** An open boat (no cabin): pwc, and power boats, sailboats and catamarans under 26 ft. */
  readonly openBoat: boolean
  /** Dense fog is AVOID for these (pwc and boats under 40 ft). */
  readonly under40: boolean
  /** Steep seas are a danger (pwc and boats under about 100 ft: `burch-steepness`). */
  readonly under100: boolean
  /** The gale rule applies (every vessel under 200 ft). */
  readonly under200: boolean
}

export const bandOfLength = (lengthFt: number): Band =>
  lengthFt < BAND_FROM_FT.S
    ? "XS"
    : lengthFt < BAND_FROM_FT.M
    ? "S"
    : lengthFt < BAND_FROM_FT.L
    ? "M"
    : lengthFt < BAND_FROM_FT.XL
    ? "L"
    : lengthFt < BAND_FROM_FT.XXL
    ? "XL"
    : "XXL"

/** The length the band table sees: a yacht from 40 ft is rated 25 % longer, capped below 200 ft. */
export const tableLengthFt = (vessel: Vessel): number => {
  if (vessel.type !== "yacht" || vessel.lengthFt < YACHT_BUMP.fromFt || vessel.lengthFt >= BAND_FROM_FT.XXL) {
    return vessel.lengthFt
  }
  return Math.min(vessel.lengthFt * YACHT_BUMP.factor, YACHT_BUMP.capFt)
}

export const profileOf = (vessel: Vessel): VesselProfile => {
  const pwc = vessel.type === "pwc"
  const band: Band = pwc ? "pwc" : bandOfLength(tableLengthFt(vessel))
  const bumped = !pwc && band !== bandOfLength(vessel.lengthFt)
  return {
    vessel,
    band,
    limits: BAND_TABLE[band],
    label: bumped ? `${BAND_TABLE[band].label}, yacht allowance` : BAND_TABLE[band].label,
    under16: pwc || vessel.lengthFt < BAND_FROM_FT.S,
    under21: pwc || vessel.lengthFt < UNIVERSAL.coldWaterCautionUnderFt,
    openBoat: pwc || (vessel.type !== "yacht" && vessel.lengthFt < UNIVERSAL.openBoatUnderFt),
    under40: pwc || vessel.lengthFt < BAND_FROM_FT.L,
    under100: pwc || vessel.lengthFt < UNIVERSAL.steepDangerUnderFt,
    under200: pwc || vessel.lengthFt < BAND_FROM_FT.XXL
  }
}
