import { Config, ConfigError, Either } from "effect"

/**
 * The helpers every section reads its variables with, so one kind of value is checked, and refused
 * with the same message, wherever it is read.
 */
const integer = (name: string, message: string, valid: (n: number) => boolean) =>
  Config.integer(name).pipe(Config.validate({ message, validation: valid }))

export const positiveInt = (name: string) => integer(name, "Expected a positive integer", (n) => n > 0)

export const nonNegativeInt = (name: string) => integer(name, "Expected an integer of 0 or more", (n) => n >= 0)

/** At least `min`, and `why`. */
export const intAtLeast = (name: string, min: number, why: string) =>
  integer(name, `Expected at least ${min} (${why})`, (n) => n >= min)

export const intBetween = (name: string, min: number, max: number) =>
  integer(name, `Expected an integer from ${min} to ${max}`, (n) => n >= min && n <= max)

/**
 * An absolute http(s) URL, as the URL parser writes it. A refused value is never repeated in the
 * message: a URL may carry credentials (`https://user:password@host`).
 */
export const httpUrl = (name: string) =>
  Config.string(name).pipe(
    Config.mapOrFail((text) => {
      let url: URL | undefined
      try {
        url = new URL(text)
      } catch {
        url = undefined
      }
      return url !== undefined && (url.protocol === "http:" || url.protocol === "https:")
        ? Either.right(url.toString())
        : Either.left(ConfigError.InvalidData([], "Expected an absolute http(s) URL (the value is not shown: it may hold credentials)"))
    })
  )

/** An http(s) URL that paths are appended to: without trailing slashes. */
export const httpRoot = (name: string) => httpUrl(name).pipe(Config.map((u) => u.replace(/\/+$/, "")))
