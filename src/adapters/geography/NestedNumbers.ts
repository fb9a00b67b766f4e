/**
 * A scanner for the nested number arrays of GeoJSON and TopoJSON coordinates: it walks one array
 * value in the file's bytes, reporting brackets with their depth and each number, without building
 * the arrays or even a string. Reading the geographic data this way keeps the heap flat (JSON.parse of
 * the same files briefly costs some 60-100 MB that the process then keeps).
 */
export interface Visitor {
  /** A `[` opening an array at `depth` (the outermost array is depth 1). */
  readonly open: (depth: number) => void
  /** A `]` closing the array at `depth`. */
  readonly close: (depth: number) => void
  readonly number: (value: number) => void
}

const DIGIT_0 = 48, DIGIT_9 = 57, MINUS = 45, PLUS = 43, DOT = 46, OPEN = 91, CLOSE = 93

const isNumberChar = (c: number) => (c >= DIGIT_0 && c <= DIGIT_9) || c === MINUS || c === DOT || c === PLUS || c === 101 || c === 69

const POWERS = Array.from({ length: 23 }, (_, i) => 10 ** i)

/**
 * The number in `text[from, to)`. Plain decimals are computed as integer / 10^k, which is the correctly
 * rounded double (both are exact below 2^53) and so equal to `Number()`'s; anything else goes to `Number()`.
 */
const parseNumber = (text: Uint8Array, from: number, to: number): number => {
  let i = from, negative = false
  if (text[i]! === MINUS) {
    negative = true
    i++
  }
  let mantissa = 0, decimals = 0, seenDot = false
  for (; i < to; i++) {
    const c = text[i]!
    if (c >= DIGIT_0 && c <= DIGIT_9) {
      mantissa = mantissa * 10 + (c - DIGIT_0)
      if (seenDot) decimals++
    } else if (c === DOT && !seenDot) {
      seenDot = true
    } else {
      return Number(String.fromCharCode(...text.subarray(from, to)))
    }
  }
  if (to - from > 15 || decimals >= POWERS.length) return Number(String.fromCharCode(...text.subarray(from, to)))
  const value = mantissa / POWERS[decimals]!
  return negative ? -value : value
}

/** Walks the array starting at the first `[` at or after `from`; answers the index just after it. */
export const walkArray = (text: Uint8Array, from: number, visitor: Visitor): number => {
  let i = text.indexOf(OPEN, from)
  if (i < 0) return text.length
  let depth = 0
  do {
    const c = text[i]!
    if (c === OPEN) {
      visitor.open(++depth)
      i++
    } else if (c === CLOSE) {
      visitor.close(depth--)
      i++
    } else if (isNumberChar(c)) {
      let j = i + 1
      while (j < text.length && isNumberChar(text[j]!)) j++
      visitor.number(parseNumber(text, i, j))
      i = j
    } else {
      i++
    }
  } while (depth > 0 && i < text.length)
  return i
}

/** Where the value of `"key":` starts at object depth 1 (a top-level member), or -1. */
export const topLevelMember = (text: Buffer, key: string): number => {
  const needle = `"${key}":`
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
    let braces = 0
    for (let i = 0; i < at; i++) {
      const c = text[i]!
      if (c === 123) braces++
      else if (c === 125) braces--
    }
    if (braces === 1) return at + needle.length
  }
  return -1
}
