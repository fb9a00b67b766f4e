import { assert, describe, it } from "@effect/vitest"
import { redactUpstream } from "../../src/domain/Redaction.js"

describe("redactUpstream", () => {
  it("removes what looks like a credential from text another service sent, and cuts it short", () => {
    const echoed = [
      "invalid request: apikey=abcd1234efgh5678 and token: \"tok_live_1\"",
      "Authorization: Bearer sk-proj-0123456789abcdefghij",
      "key sk_live_0123456789ABCDEFGHIJKLmnopqrstuv rejected",
      "signature whsec_AAAAAAAABBBBBBBBCCCCCCCC",
      "blob eyJhbGciOiJIUzI1NiJ9eyJzdWIiOiIxMjM0NTY3ODkwIn0 end"
    ].join("\n")
    const out = redactUpstream(echoed, 10_000)
    for (const secret of ["abcd1234efgh5678", "tok_live_1", "sk-proj-0123456789abcdefghij", "sk_live_0123456789ABCDEFGHIJKLmnopqrstuv", "whsec_AAAAAAAABBBBBBBBCCCCCCCC", "eyJhbGciOiJIUzI1NiJ9eyJzdWIiOiIxMjM0NTY3ODkwIn0"]) {
      assert.notInclude(out, secret)
    }
    assert.include(out, "invalid request: apikey=[redacted]")
    assert.include(out, "rejected")
    assert.strictEqual(redactUpstream("Latitude must be in range of -90 to 90°. Given: 91.0."), "Latitude must be in range of -90 to 90°. Given: 91.0.")
    const long = redactUpstream("word ".repeat(100))
    assert.strictEqual(long.length, 203)
    assert.isTrue(long.endsWith("..."))
  })
})
