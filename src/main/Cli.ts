/** The `spotcast` command line: `serve`, `admin` and `classify`; `bin.ts` loads it once the heap is set up. */
import { Command, Options, ValidationError } from "@effect/cli"
import { Effect } from "effect"
import { adminCommand } from "./cli/AdminCommand.js"
import { classifyCommand } from "./cli/ClassifyCommand.js"
import { launch } from "./Launch.js"
import { ROLES } from "./Roles.js"
import { serve } from "./Serve.js"
import { missingAdminCommand, mistypedAdmin } from "./cli/Subcommands.js"

const role = Options.choice("role", ROLES).pipe(
  Options.withDefault("all" as const),
  Options.withDescription("all (default): API and workers; api: HTTP only; worker: forecasts and webhooks only")
)

const serveCommand = Command.make("serve", { role }, ({ role }) => serve(role)).pipe(
  Command.withDescription("Run the service (npm start)")
)

const spotcast = Command.make("spotcast").pipe(
  Command.withDescription("SpotCast: a self-hostable Marine Forecast Service API v3"),
  Command.withSubcommands([serveCommand, adminCommand, classifyCommand])
)

const cli = Command.run(spotcast, { name: "spotcast", version: "0.1.0" })

const mistyped = mistypedAdmin(process.argv)
const program = mistyped !== undefined
  ? Effect.sync(() => {
    process.stderr.write(`spotcast: ${mistyped}\n`)
    process.exitCode = 1
  })
  // A group without its command (`admin credits`) did nothing: show its help and fail.
  : missingAdminCommand(process.argv)
  ? Effect.zipRight(cli([...process.argv, "--help"]), Effect.sync(() => void (process.exitCode = 1)))
  : cli(process.argv)

// @effect/cli has already shown usage errors; anything else gets its one line.
launch(program, ValidationError.isValidationError)
