import { Effect, Redacted } from "effect"
import type { AppConfig } from "./config/AppConfig.js"

/** A start-up failure said in one line: what went wrong, and the setting that changes it. */
export class StartupFailure extends Error {
  override readonly name = "StartupFailure"
}

/** The first error with a Node `code` in a chain of causes. */
const errnoOf = (error: unknown): NodeJS.ErrnoException | undefined => {
  for (let e: unknown = error, depth = 0; e !== undefined && e !== null && depth < 8; depth++) {
    if (typeof e === "object" && typeof (e as NodeJS.ErrnoException).code === "string") return e as NodeJS.ErrnoException
    if (e instanceof AggregateError && e.errors.length > 0) e = e.errors[0]
    else e = (e as { cause?: unknown }).cause
  }
  return undefined
}

const tagOf = (error: unknown) =>
  typeof error === "object" && error !== null ? (error as { _tag?: unknown })._tag : undefined

/** The database's address without its password. */
const databaseAt = (url: Redacted.Redacted<string>) => {
  try {
    const parsed = new URL(Redacted.value(url))
    return `${parsed.hostname}:${parsed.port || "5432"}${parsed.pathname}`
  } catch {
    return "DATABASE_URL"
  }
}

/** One line for a failure we can name; undefined for anything else, which keeps its own message. */
export const explainStartup = (error: unknown, config: AppConfig): string | undefined => {
  const errno = errnoOf(error)
  if (tagOf(error) === "ServeError") {
    const where = `${config.host}:${config.port}`
    if (errno?.code === "EADDRINUSE") {
      return `cannot listen on ${where}: the port is already in use by another process; stop it or set PORT to a free port`
    }
    if (errno?.code === "EACCES") return `cannot listen on ${where}: permission denied; set PORT to 1024 or above`
    if (errno?.code === "EADDRNOTAVAIL") return `cannot listen on ${where}: no such local address; set HOST (0.0.0.0 for all)`
    return `cannot listen on ${where}${errno === undefined ? "" : ` (${errno.code})`}; check PORT and HOST`
  }
  if (tagOf(error) === "SqlError" && config.storage._tag === "server") {
    const at = databaseAt(config.storage.url)
    const reason = errno?.code ?? (error instanceof Error && error.cause instanceof Error ? error.cause.message : "no answer")
    return `cannot use the PostgreSQL server at ${at} (${reason}); check that it runs and that DATABASE_URL is right`
  }
  if (tagOf(error) === "DataDirInUse") {
    return `${(error as Error).message.replace(/ Stop it, or set DATABASE_URL.*$/, "")} ` +
      "Stop that process, set SPOTCAST_DATA_DIR to another directory, or set DATABASE_URL to share a PostgreSQL server."
  }
  if (tagOf(error) === "DataDirUnavailable") return `${(error as Error).message}; set SPOTCAST_DATA_DIR to a writable directory`
  return undefined
}

/** Start-up's known failures become one StartupFailure line each; others pass unchanged. */
export const explained = (config: AppConfig) => <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.mapError(effect, (error) => {
    const line = explainStartup(error, config)
    return line === undefined ? error : new StartupFailure(line)
  })
