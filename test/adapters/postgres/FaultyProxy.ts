import { Effect } from "effect"
import { connect, createServer, type Server, type Socket } from "node:net"

/**
 * pass: traffic flows. refuse: new connections are refused and open ones reset. reset: every connection
 * is reset. blackhole: connections are accepted and open ones stay open, but nothing goes either way
 * (a database that stopped answering). hang: open connections are reset and new ones are accepted but
 * never answered (a host that never completes a connect).
 */
export type Mode = "pass" | "refuse" | "reset" | "blackhole" | "hang"

/** A TCP proxy in front of the test database that fails in one of those ways, then passes traffic again. */
export const proxy = (target: URL) =>
  Effect.acquireRelease(
    Effect.async<{ readonly port: number; readonly set: (mode: Mode) => void; readonly server: Server; readonly open: Set<Socket> }>((resume) => {
      let mode: Mode = "pass"
      const open = new Set<Socket>()
      const track = (socket: Socket) => {
        open.add(socket)
        socket.on("close", () => open.delete(socket))
        socket.on("error", () => socket.destroy())
      }
      const server = createServer((client) => {
        if (mode === "refuse" || mode === "reset") return client.resetAndDestroy()
        track(client)
        // Swallowed: accepted, never answered, never forwarded.
        if (mode === "hang" || mode === "blackhole") return client.on("data", () => {})
        const upstream = connect(Number(target.port || 5432), target.hostname)
        track(upstream)
        client.on("close", () => upstream.destroy())
        upstream.on("close", () => client.destroy())
        // Forwarded by hand (not piped) so that a black hole can drop bytes on a connection that stays open.
        client.on("data", (bytes) => {
          if (mode !== "blackhole") upstream.write(bytes)
        })
        upstream.on("data", (bytes) => {
          if (mode !== "blackhole") client.write(bytes)
        })
      })
      server.listen(0, "127.0.0.1", () => {
        const address = server.address()
        resume(Effect.succeed({
          port: typeof address === "object" && address !== null ? address.port : 0,
          server,
          open,
          set: (next) => {
            mode = next
            if (next === "reset" || next === "refuse" || next === "hang") for (const socket of open) socket.resetAndDestroy()
          }
        }))
      })
    }),
    ({ open, server }) =>
      Effect.async<void>((resume) => {
        for (const socket of open) socket.destroy()
        server.close(() => resume(Effect.void))
      })
  )

