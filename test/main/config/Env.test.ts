import { assert, describe, it } from "@effect/vitest"
import { Effect, Either } from "effect"
import { httpRoot, httpUrl, intBetween, nonNegativeInt, positiveInt } from "../../../src/main/config/Env.js"
import { fromEnv } from "./FromEnv.js"

const X = "SPOTCAST_X"
const message = <A, E extends { toString(): string }>(result: Either.Either<A, E>) =>
  Either.isLeft(result) ? String(result.left) : ""

describe("Env", () => {
  it.effect("integers: positive, 0 or more, or within bounds; the refusal names the variable", () =>
    Effect.gen(function*() {
      assert.deepStrictEqual(yield* fromEnv(positiveInt(X), { [X]: "3" }), Either.right(3))
      for (const bad of ["0", "-1", "1.5", "three"]) {
        const refused = yield* fromEnv(positiveInt(X), { [X]: bad })
        assert.include(message(refused), X, bad)
      }
      assert.include(message(yield* fromEnv(positiveInt(X), { [X]: "0" })), "Expected a positive integer")
      assert.deepStrictEqual(yield* fromEnv(nonNegativeInt(X), { [X]: "0" }), Either.right(0))
      assert.include(message(yield* fromEnv(nonNegativeInt(X), { [X]: "-1" })), "Expected an integer of 0 or more")
      assert.deepStrictEqual(yield* fromEnv(intBetween(X, 1, 10), { [X]: "10" }), Either.right(10))
      assert.include(message(yield* fromEnv(intBetween(X, 1, 10), { [X]: "11" })), "Expected an integer from 1 to 10")
    }))

  it.effect("URLs: absolute http(s) only; roots lose their trailing slashes, endpoints keep their paths", () =>
    Effect.gen(function*() {
      assert.deepStrictEqual(yield* fromEnv(httpUrl(X), { [X]: "https://h.example/v1/forecast" }), Either.right("https://h.example/v1/forecast"))
      assert.deepStrictEqual(yield* fromEnv(httpRoot(X), { [X]: "http://h.example/v1//" }), Either.right("http://h.example/v1"))
      assert.deepStrictEqual(yield* fromEnv(httpRoot(X), { [X]: "https://h.example" }), Either.right("https://h.example"))
      for (const bad of ["ftp://h.example", "h.example", "/relative"]) {
        assert.include(message(yield* fromEnv(httpUrl(X), { [X]: bad })), X, bad)
      }
    }))
})
