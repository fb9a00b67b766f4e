import { Context } from "effect"
import type { Account } from "../domain/account/Account.js"
import type { ApiKey } from "../domain/account/ApiKey.js"

/** Who made the request: the account and the API key it presented. */
export interface Caller {
  readonly account: Account
  readonly key: ApiKey
}

/** The authenticated caller of the request being served. */
export class CurrentCaller extends Context.Tag("spotcast/http/CurrentCaller")<CurrentCaller, Caller>() {}
