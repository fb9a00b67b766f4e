/** Real geography: land, large lakes and time zones from data packages. */
export * as LakePolygons from "./LakePolygons.js"
export * as LandPolygons from "./LandPolygons.js"
export * as NaturalEarthGeography from "./NaturalEarthGeography.js"
export * as TimeZones from "./TimeZones.js"
