/**
 * JSON text with one value spliced in as it is, since Node has no `JSON.rawJSON`: `build` makes the
 * value with `slot` (a string) where the raw text goes; it is serialized, and the one quoted occurrence
 * of the slot is replaced by `raw`. A slot that occurs other than once (some other string of the value
 * happens to equal it) is tried again with the next one, so the result never depends on what else the
 * value holds. `raw` must itself be valid JSON text.
 */
export const stringifyWithRaw = (raw: string, build: (slot: string) => unknown): string => {
  for (let n = 0; ; n++) {
    const slot = `\u2063raw-json-${n}\u2063`
    const text = JSON.stringify(build(slot))
    const quoted = `"${slot}"`
    const at = text.indexOf(quoted)
    if (at >= 0 && text.indexOf(quoted, at + quoted.length) < 0) {
      return text.slice(0, at) + raw + text.slice(at + quoted.length)
    }
  }
}
