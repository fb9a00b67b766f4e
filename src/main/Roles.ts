/** What one process runs: everything (default), only the HTTP API, or only the background work. */
export type Role = "all" | "api" | "worker"
export const ROLES: ReadonlyArray<Role> = ["all", "api", "worker"]

/**
 * The role of a plain `serve` command line (`serve`, `serve --role R`, `serve --role=R`, what `npm start`,
 * the benchmarks and most deployments run): such a line is started without loading the command-line
 * parser (@effect/cli, with its help renderer and config-file readers: about 3 MB). Undefined for any
 * other line (options, help, another command, a mistake), which goes through the parser as before.
 */
export const plainServeRole = (args: ReadonlyArray<string>): Role | undefined => {
  if (args[0] !== "serve") return undefined
  if (args.length === 1) return "all"
  const given = args.length === 3 && args[1] === "--role"
    ? args[2]
    : args.length === 2 && args[1]!.startsWith("--role=") ? args[1]!.slice("--role=".length) : undefined
  return ROLES.find((role) => role === given)
}
