/** Small typographic helpers the language packs share; grammar itself stays in each pack. */

export const pad2 = (n: number): string => String(n).padStart(2, "0")

export const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1)

/** "a, b and c" with the language's separator and final conjunction (chosen per last item if needed). */
export const joinList = (
  items: ReadonlyArray<string>,
  separator: string,
  conjunction: (last: string) => string
): string => {
  if (items.length <= 1) return items[0] ?? ""
  const last = items[items.length - 1]!
  return `${items.slice(0, -1).join(separator)}${conjunction(last)}${last}`
}

/** Joins present parts with a separator, skipping absent ones. */
export const compact = (parts: ReadonlyArray<string | undefined>, separator: string): string =>
  parts.filter((p): p is string => p !== undefined && p !== "").join(separator)

/** `f(value)` when the value is present, else undefined: for optional readings in templates. */
export const when = <A>(value: A | undefined, f: (a: A) => string): string | undefined =>
  value === undefined ? undefined : f(value)
