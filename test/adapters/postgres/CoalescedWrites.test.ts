import { createServer, type Socket } from "node:net"
import { assert, describe, it } from "@effect/vitest"
import { guardedSocket } from "../../../src/adapters/postgres/PostgresDeadlines.js"

describe("guardedSocket", () => {
  it("hands the writes of one tick to the kernel as one (a statement's messages), in order", async () => {
    const received: Array<Buffer> = []
    let gotAll: () => void = () => {}
    const all = new Promise<void>((resolve) => (gotAll = resolve))
    const server = createServer((peer) =>
      peer.on("data", (data) => {
        received.push(data)
        if (Buffer.concat(received).length === 10) gotAll()
      })
    )
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    const socket = guardedSocket({ connectMs: 5_000 })() as Socket & { _write: unknown; _writev: unknown }
    try {
      const address = server.address() as { port: number }
      await new Promise<void>((resolve) => socket.connect(address.port, "127.0.0.1", resolve))
      const calls: Array<number> = []
      const single = socket._write as (...args: Array<unknown>) => void
      const many = socket._writev as (chunks: Array<unknown>, ...rest: Array<unknown>) => void
      socket._write = function(this: unknown, ...args: Array<unknown>) {
        calls.push(1)
        return single.apply(this, args)
      }
      socket._writev = function(this: unknown, chunks: Array<unknown>, ...rest: Array<unknown>) {
        calls.push(chunks.length)
        return many.call(this, chunks, ...rest)
      }
      for (const part of ["P", "BB", "D", "EEE", "SSS"]) socket.write(part)
      await all
      assert.deepStrictEqual(calls, [5])
      assert.strictEqual(Buffer.concat(received).toString(), "PBBDEEESSS")
      // and the next tick's writes go out too
      socket.write("x")
      await new Promise((resolve) => setTimeout(resolve, 20))
      assert.deepStrictEqual(calls, [5, 1])
    } finally {
      socket.destroy()
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
