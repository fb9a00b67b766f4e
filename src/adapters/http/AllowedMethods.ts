import { ServedApi } from "./ServedApi.js"

/** One endpoint's method and its path as a pattern (a `:param` matches one non-empty segment). */
interface Route {
  readonly method: string
  readonly pattern: RegExp
}

const escape = (segment: string) => segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

const patternOf = (path: string) =>
  new RegExp(`^${path.split("/").map((s) => (s.startsWith(":") ? "[^/]+" : escape(s))).join("/")}$`)

const routes: ReadonlyArray<Route> = Object.values(ServedApi.groups).flatMap((group) =>
  Object.values(group.endpoints).map((endpoint) => ({ method: endpoint.method, pattern: patternOf(endpoint.path) }))
)

const ORDER = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]

/**
 * The methods the served API takes on `path`, in a fixed order, or none when no endpoint has that
 * path: what a 405's `Allow` header lists.
 */
export const allowedMethods = (path: string): ReadonlyArray<string> => {
  const methods = new Set(routes.filter((route) => route.pattern.test(path)).map((route) => route.method))
  return ORDER.filter((method) => methods.has(method))
}
