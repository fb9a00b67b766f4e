// Says whether each point is water SpotCast accepts (sea, a large lake, or near either), and what surface
// it found: `npx vite-node scripts/water-at.ts -- "43.29 5.35; 45.76 4.83"`. Used to pick test and bench points.
import { waterMap } from "../src/adapters/geography/NaturalEarthGeography.js"
import { isMarine, surfaceAt } from "../src/domain/geography/Water.js"

const map = waterMap()
for (const point of process.argv.slice(2).join(" ").split(";")) {
  const [lat, lon] = point.trim().split(/[ ,]+/).map(Number)
  const surface = surfaceAt(map, lat!, lon!)
  console.log(point.trim().padEnd(24), isMarine(surface) ? "ok  " : "LAND", JSON.stringify(surface))
}
