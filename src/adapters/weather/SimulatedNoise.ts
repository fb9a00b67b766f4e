/**
 * Deterministic randomness for the simulated weather: a counter-based generator (a hash of key,
 * channel and index), so any draw can be made in any order and a date's weather never depends on which
 * other dates were asked for. No `Math.random`, no clock.
 */

/** The murmur3 finalizer: spreads every input bit over the 32-bit result. */
const mix = (input: number): number => {
  let h = input | 0
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

/** FNV-1a over the UTF-16 code units, then avalanched. */
export const hashString = (text: string): number => {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return mix(h)
}

/** Uniform in [0, 1) for one (key, channel, index). */
export const uniform = (key: number, channel: number, index: number): number => {
  const h = mix(key ^ Math.imul(channel + 1, 0x9e3779b9))
  return mix(h ^ Math.imul(index | 0, 0x27d4eb2f)) / 4_294_967_296
}

/** Roughly standard normal and bounded to ±3 (the centred sum of three uniforms, scaled to variance 1). */
export const normal = (key: number, channel: number, index: number): number =>
  (uniform(key, channel, 3 * index) + uniform(key, channel, 3 * index + 1) + uniform(key, channel, 3 * index + 2) -
    1.5) * 2

/**
 * Smooth noise in time with unit variance: independent normal anchors every `periodHours` (the grid
 * shifted per channel), blended by quarter-circle weights of a smoothstep so the variance stays 1
 * between anchors and the curve has no kinks.
 */
export const smooth = (key: number, channel: number, hours: number, periodHours: number): number => {
  const x = hours / periodHours + uniform(key, channel + 0x10000, 0)
  const i = Math.floor(x)
  const f = x - i
  const s = f * f * (3 - 2 * f) * (Math.PI / 2)
  return normal(key, channel, i) * Math.cos(s) + normal(key, channel, i + 1) * Math.sin(s)
}
