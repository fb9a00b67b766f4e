import { assert, describe, it } from "@effect/vitest"
import { Either, FastCheck as fc } from "effect"
import * as NodeCrypto from "../../../src/adapters/system/NodeCrypto.js"
import { decodeCursor, encodeCursor } from "../../../src/domain/paging/Cursor.js"

const digests = NodeCrypto.make

const SECRET = "cursor-secret"
const scope = fc.record({ accountId: fc.string({ minLength: 1, maxLength: 30 }), list: fc.constantFrom("spotcasts", "forecasts:spc_1") })
const position = fc.record({ createdAtMillis: fc.integer({ min: 0, max: 4_102_444_800_000 }), id: fc.string({ maxLength: 40 }) })

describe("Cursor", () => {
  it.prop("round-trips a position within its scope", [scope, position], ([s, p]) => {
    assert.deepStrictEqual(decodeCursor(digests, SECRET, s, encodeCursor(digests, SECRET, s, p)), Either.right(p))
  })

  it.prop("is refused by another account or list", [scope, scope, position], ([a, b, p]) => {
    fc.pre(a.accountId !== b.accountId || a.list !== b.list)
    const decoded = decodeCursor(digests, SECRET, b, encodeCursor(digests, SECRET, a, p))
    assert.isTrue(Either.isLeft(decoded))
    if (Either.isLeft(decoded)) {
      assert.strictEqual(decoded.left.code, "invalid_cursor")
      assert.strictEqual(decoded.left.param, "after")
    }
  })

  it.prop("random strings never decode to a cursor of an account", [fc.string({ maxLength: 200 }), scope], ([s, sc]) => {
    assert.isTrue(Either.isLeft(decodeCursor(digests, SECRET, sc, s)))
  })

  it.prop("an edited cursor is refused", [scope, position, fc.nat(), fc.constantFrom(..."ABCxyz019-_.")], ([s, p, at, ch]) => {
    const cursor = encodeCursor(digests, SECRET, s, p)
    const i = at % cursor.length
    fc.pre(cursor[i] !== ch)
    const edited = cursor.slice(0, i) + ch + cursor.slice(i + 1)
    assert.isTrue(Either.isLeft(decodeCursor(digests, SECRET, s, edited)))
  })

  it("is refused under another server secret", () => {
    const s = { accountId: "acct_1", list: "spotcasts" }
    const cursor = encodeCursor(digests, SECRET, s, { createdAtMillis: 1, id: "spc_1" })
    assert.isTrue(Either.isLeft(decodeCursor(digests, "other", s, cursor)))
  })
})
