import { Config } from "effect"

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

/** An absolute http(s) URL, as the URL parser writes it. */
export const httpUrl = (name: string) =>
  Config.url(name).pipe(
    Config.validate({
      message: "Expected an absolute http(s) URL",
      validation: (u) => u.protocol === "http:" || u.protocol === "https:"
    }),
    Config.map((u) => u.toString())
  )

/** An http(s) URL that paths are appended to: without trailing slashes. */
export const httpRoot = (name: string) => httpUrl(name).pipe(Config.map((u) => u.replace(/\/+$/, "")))
