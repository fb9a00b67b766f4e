import { assert, describe, it } from "@effect/vitest"
import { Either, FastCheck as fc } from "effect"
import * as NodeCrypto from "../../../src/adapters/system/NodeCrypto.js"
import { decodeCursor, encodeCursor, MAX_CURSOR_MILLIS } from "../../../src/domain/paging/Cursor.js"

const digests = NodeCrypto.make

const SECRET = "cursor-secret"
const scope = fc.record({ accountId: fc.string({ minLength: 1, maxLength: 30 }), list: fc.constantFrom("spotcasts", "forecasts:spc_1") })
const base62 = fc.constantFrom(..."0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
const wellFormedId = fc.tuple(fc.constantFrom("spc", "fcst", "whk", "wgt", "rte"), fc.string({ unit: base62, minLength: 22, maxLength: 22 }))
  .map(([prefix, body]) => `${prefix}_${body}`)
const position = fc.record({ createdAtMillis: fc.integer({ min: 0, max: MAX_CURSOR_MILLIS }), id: wellFormedId })

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

  it("is refused under another server secret, and opened under a previous one during a rotation", () => {
    const s = { accountId: "acct_1", list: "spotcasts" }
    const p = { createdAtMillis: 1, id: `spc_${"1".repeat(22)}` }
    const cursor = encodeCursor(digests, SECRET, s, p)
    assert.isTrue(Either.isLeft(decodeCursor(digests, "other", s, cursor)))
    assert.deepStrictEqual(decodeCursor(digests, ["other", SECRET], s, cursor), Either.right(p))
    assert.isTrue(Either.isLeft(decodeCursor(digests, ["other", "another"], s, cursor)))
  })

  it.prop(
    "a validly sealed position out of bounds is refused: instants outside 1970..9999, ids not of the public form",
    [scope, fc.oneof(
      fc.record({ createdAtMillis: fc.oneof(fc.integer({ min: -(2 ** 31), max: -1 }), fc.maxSafeNat().filter((n) => n > MAX_CURSOR_MILLIS), fc.double({ noInteger: true })), id: wellFormedId }),
      fc.record({ createdAtMillis: fc.integer({ min: 0, max: MAX_CURSOR_MILLIS }), id: fc.string({ maxLength: 40 }).filter((id) => !/^[a-z]+_[0-9A-Za-z]{22}$/.test(id)) }),
      fc.record({ createdAtMillis: fc.constant(0), id: wellFormedId.map((id) => `${id.slice(0, -1)}\u0000`) })
    )],
    ([s, p]) => {
      assert.isTrue(Either.isLeft(decodeCursor(digests, SECRET, s, encodeCursor(digests, SECRET, s, p))))
    }
  )

  it("the bounds themselves are valid positions", () => {
    const s = { accountId: "acct_1", list: "spotcasts" }
    for (const createdAtMillis of [0, MAX_CURSOR_MILLIS]) {
      const p = { createdAtMillis, id: `wgt_${"z".repeat(22)}` }
      assert.deepStrictEqual(decodeCursor(digests, SECRET, s, encodeCursor(digests, SECRET, s, p)), Either.right(p))
    }
  })
})
