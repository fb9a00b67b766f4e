import { Effect } from "effect"
import { CurrentCaller } from "./Authentication.js"

/** The account of the authenticated caller, which every customer endpoint acts for. */
export const callerAccount = Effect.map(CurrentCaller, (caller) => caller.account)
