/** `spotcast serve` from a plain command line (`Roles.plainServeRole`): run without the command-line parser. */
import { launch } from "./Launch.js"
import type { Role } from "./Roles.js"
import { serve } from "./Serve.js"

export const run = (role: Role) => launch(serve(role))
