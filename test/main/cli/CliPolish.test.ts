import { assert, describe, it } from "@effect/vitest"
import { ParseResult, Schema } from "effect"
import { oneLine } from "../../../src/main/cli/OneLine.js"
import { plainText } from "../../../src/main/cli/PlainConsole.js"
import { mistypedAdmin } from "../../../src/main/cli/Subcommands.js"
import { table } from "../../../src/main/cli/Table.js"
import { runBin } from "../../support/Spawn.js"

const ESC = "\u001b["

describe("CLI polish", () => {
  it("help off a terminal has no colour codes and none of the repeated boilerplate", async () => {
    const ran = await runBin(["admin", "--help"], { SPOTCAST_ADMIN_TOKEN: "" })
    assert.strictEqual(ran.code, 0, ran.stderr)
    assert.notInclude(ran.stdout, ESC)
    assert.include(ran.stdout, "--token")
    for (const boilerplate of ["This setting is optional.", "A true or false value.", "One of the following:"]) {
      assert.notInclude(ran.stdout, boilerplate)
    }
    assert.notMatch(ran.stdout, /\n\n\n/)
  }, 30_000)

  it("plainText keeps colour on a terminal and drops it elsewhere", () => {
    const text = `${ESC}1mUSAGE${ESC}0m\n\n  This setting is optional.\n\nok`
    assert.strictEqual(plainText(text, false), "USAGE\n\nok")
    assert.include(plainText(text, true), ESC)
  })

  it("a mistyped admin subcommand names the admin subcommands; a nested one names its own", async () => {
    const ran = await runBin(["admin", "acounts", "list"], { SPOTCAST_ADMIN_TOKEN: "whatever-token-0123456789" })
    assert.strictEqual(ran.code, 1)
    assert.strictEqual(
      ran.stderr.trim(),
      "spotcast: unknown admin command 'acounts'; the admin commands are: accounts, keys, credits, webhook-secret, webhooks, widgets, usage"
    )
    assert.include(mistypedAdmin(["node", "bin", "admin", "--url", "http://x", "keys", "isue"]) ?? "", "'admin keys' has: issue, revoke")
    assert.isUndefined(mistypedAdmin(["node", "bin", "admin", "--json", "accounts", "list"]))
    assert.isUndefined(mistypedAdmin(["node", "bin", "admin", "accounts", "--help"]))
    assert.isUndefined(mistypedAdmin(["node", "bin", "serve"]))
    // `admin usage` takes the account id where other groups take a subcommand.
    assert.isUndefined(mistypedAdmin(["node", "bin", "admin", "usage", "acct_x", "--from", "2026-11-01"]))
    assert.isUndefined(mistypedAdmin(["node", "bin", "admin", "usage", "--granularity", "hour", "acct_x"]))
  }, 30_000)

  it("a missing admin token is named: SPOTCAST_ADMIN_TOKEN", async () => {
    const ran = await runBin(["admin", "accounts", "list"], { SPOTCAST_ADMIN_TOKEN: "" })
    assert.strictEqual(ran.code, 1)
    assert.include(ran.stderr, "SPOTCAST_ADMIN_TOKEN")
    assert.notInclude(ran.stderr, "--token'")
  }, 30_000)

  it("a Schema failure reads as one line", () => {
    const decoded = Schema.decodeUnknownEither(Schema.Struct({ account: Schema.Struct({ id: Schema.String, credits: Schema.Int }) }))(
      { account: { id: 7, credits: 1.5 } },
      { errors: "all" }
    )
    assert.isTrue(decoded._tag === "Left")
    const line = oneLine(decoded._tag === "Left" ? decoded.left : undefined)
    assert.notInclude(line, "\n")
    assert.include(line, "account.id: Expected string, actual 7")
    assert.include(line, "account.credits:")
    assert.isTrue(ParseResult.isParseError(decoded._tag === "Left" ? decoded.left : undefined))
  })

  it("tables align their columns", () => {
    assert.strictEqual(
      table([["acct_1", "active", "Harbour"], ["acct_22", "suspended", null]]),
      "acct_1   active     Harbour\nacct_22  suspended  -"
    )
  })

  it("help lists each command once, as typed, beside its description", async () => {
    const ran = await runBin(["--help"], { SPOTCAST_ADMIN_TOKEN: "" })
    assert.strictEqual(ran.code, 0, ran.stderr)
    const commands = ran.stdout.slice(ran.stdout.indexOf("COMMANDS")).split("\n").filter((l) => l.startsWith("  "))
    assert.isAbove(commands.length, 10)
    for (const line of commands) assert.notMatch(line, /admin .*admin /, line)
    assert.isTrue(commands.some((l) => /^ {2}admin credits grant \[--note text\] <account-id> <amount> +Grant credits to an account$/.test(l)), commands.join("\n"))
    assert.isTrue(commands.some((l) => /^ {2}admin credits +Grant credits$/.test(l)), commands.join("\n"))
  }, 30_000)

  it("a group without its command prints the group's help and fails", async () => {
    const ran = await runBin(["admin", "credits"], { SPOTCAST_ADMIN_TOKEN: "" })
    assert.strictEqual(ran.code, 1)
    assert.include(ran.stdout, "grant [--note text] <account-id> <amount>")
  }, 30_000)

  it("numbers are read with a message that says what was wrong", async () => {
    const env = { SPOTCAST_ADMIN_TOKEN: "whatever-token-0123456789", SPOTCAST_ADMIN_URL: "http://127.0.0.1:9" }
    const amount = await runBin(["admin", "credits", "grant", "acct_x", "1.5"], env)
    assert.strictEqual(amount.code, 1)
    assert.include(amount.stdout + amount.stderr, "amount must be a whole number, not '1.5'")
    const credits = await runBin(["admin", "accounts", "create", "--name", "a", "--credits", "ten"], env)
    assert.strictEqual(credits.code, 1)
    assert.include(credits.stdout + credits.stderr, "--credits must be a whole number, not 'ten'")
    // Refused before it is sent, in the server's words, with the field.
    const negative = await runBin(["admin", "credits", "grant", "acct_x", "--", "-3"], env)
    assert.strictEqual(negative.code, 1)
    assert.include(negative.stderr, "spotcast admin: amount must be a positive integer (amount)")
  }, 60_000)
})
