import { ServedApi } from "../ServedApi.js"

/**
 * The route a path matched, as its template (`/v3/spotcast/:id`), so that logs and metrics name a
 * bounded set of routes and never an id. Paths that match no route are `unmatched`.
 */
const templates = Object.values(ServedApi.groups).flatMap((group) =>
  Object.values(group.endpoints).map((endpoint) => ({
    method: endpoint.method,
    template: endpoint.path,
    pattern: new RegExp(`^${endpoint.path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:[A-Za-z_]+/g, "[^/]+")}/?$`)
  }))
)

export const routeOf = (method: string, path: string, extra: ReadonlyArray<string>): string => {
  if (extra.includes(path)) return path
  for (const route of templates) if (route.method === method && route.pattern.test(path)) return route.template
  for (const route of templates) if (route.pattern.test(path)) return route.template
  return "unmatched"
}
