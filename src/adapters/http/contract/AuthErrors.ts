import { Schema } from "effect"
import { AccountSuspended } from "../../../domain/account/Account.js"
import { InvalidApiKey, KeyRevoked, MissingApiKey } from "../../../domain/account/ApiKey.js"
import { AdminUnauthorized } from "./EdgeErrors.js"
import { fixedError } from "./ErrorEnvelope.js"

export const Missing = fixedError(
  MissingApiKey,
  401,
  "No API key was sent",
  "missing_api_key",
  "No API key provided: send Authorization: Bearer <key> or X-API-Key: <key>"
)

export const Invalid = fixedError(
  InvalidApiKey,
  401,
  "The API key is not valid",
  "invalid_api_key",
  "The API key is not valid"
)

export const Revoked = fixedError(
  KeyRevoked,
  401,
  "The API key was revoked",
  "key_revoked",
  "The API key has been revoked"
)

export const Suspended = fixedError(
  AccountSuspended,
  403,
  "The account is suspended",
  "account_suspended",
  "The account is suspended"
)

/** How the public API refuses a key. */
export const KeyRefused = Schema.Union(Missing, Invalid, Revoked, Suspended)

export const AdminToken = fixedError(
  AdminUnauthorized,
  401,
  "The operator token is missing or wrong",
  "invalid_admin_token",
  "A valid operator token is required: Authorization: Bearer <token>"
)
