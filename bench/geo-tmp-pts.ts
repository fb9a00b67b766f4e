import { waterMap } from "../src/adapters/geography/NaturalEarthGeography.js"
import { isMarine, surfaceAt } from "../src/domain/geography/Water.js"
const map = waterMap()
const args = process.argv.slice(2).join(" ").split(";")
for (const a of args) { const [la, lo] = a.trim().split(/[ ,]+/).map(Number); const s = surfaceAt(map, la!, lo!); console.log(a.trim().padEnd(24), isMarine(s) ? "ok  " : "LAND", JSON.stringify(s)) }
