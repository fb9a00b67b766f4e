import { Socket } from "node:net"

/**
 * Client-side deadlines on each connection to a Postgres server, so that an unreachable database is a
 * fast failure (a 503 at the edge, see StorageHealth.isOutage) and never a request that hangs.
 *
 * The pool's own `connectTimeout` bounds both opening a connection and waiting for a free one; the wait
 * must stay long (a burst of requests queues for a connection), so the connect itself is bounded here.
 * A database that accepts connections and then never answers (black-holed) is caught by the reply
 * deadline: a connection that sent something and heard nothing back for that long is destroyed, which
 * fails the statement on it and takes it out of the pool. The deadlines count only time this process was
 * awake to hear an answer (see the clock below), so a burst that stalls it does not kill live connections.
 *
 * Where the session is encrypted (TLS), the reply deadline only covers the plain-text start: the TLS
 * layer writes to the socket's handle directly, past this guard.
 */
export interface Deadlines {
  /** Opening the TCP connection; then, again, from there to the server's first byte. */
  readonly connectMs: number
  /**
   * A request unanswered this long while no connection to the same server heard anything either: the
   * server is unreachable (black-holed). A live server busy on other connections (a lock wait in a
   * burst) does not trip it. Undefined: no bound (migrations).
   */
  readonly silenceMs?: number | undefined
  /** A request unanswered this long on this connection, whatever the others hear: it is dead. */
  readonly replyMs?: number | undefined
}

/** Like Node's own socket timeouts, so that the outage classification knows it. */
const timedOut = (what: string) => Object.assign(new Error(`database ${what} timed out`), { code: "ETIMEDOUT" })

/**
 * A clock that runs only while this process's event loop does. A burst of work can stall the loop for
 * seconds; the database's answers then wait unread (and locks wait on our own transactions), which is
 * not the database's silence. Each tick counts at most MAX_STEP_MS, so a stall counts as one step.
 */
const TICK_MS = 100
const MAX_STEP_MS = 250
let awakeMs = 0
let lastTick = 0
let ticker: ReturnType<typeof setInterval> | undefined
const watched = new Set<GuardedSocket>()

const tick = () => {
  const now = performance.now()
  awakeMs += Math.min(now - lastTick, MAX_STEP_MS)
  lastTick = now
  for (const socket of watched) socket.check()
  if (watched.size === 0 && ticker !== undefined) {
    clearInterval(ticker)
    ticker = undefined
  }
}

const awakeNow = () => ticker === undefined ? awakeMs : awakeMs + Math.min(performance.now() - lastTick, MAX_STEP_MS)

const watch = (socket: GuardedSocket) => {
  watched.add(socket)
  if (ticker === undefined) {
    lastTick = performance.now()
    ticker = setInterval(tick, TICK_MS)
    ticker.unref()
  }
  return awakeNow()
}

/** What the connections of one pool share: when any of them last heard from the server. */
interface Server {
  heardAtMs: number
}

/**
 * A plain TCP socket that destroys itself when a deadline passes. The hook is `_write`/`_writev` (each
 * write handed to the kernel): `write` itself is reset by `Socket.connect`.
 */
class GuardedSocket extends Socket {
  private due: { readonly sinceMs: number; readonly ms: number; readonly quietMs: number | undefined; readonly what: string } | undefined =
    undefined
  constructor(private readonly deadlines: Deadlines, private readonly server: Server) {
    super()
    // Two windows: the TCP connect, then the server's first answer.
    this.arm(deadlines.connectMs, undefined, "connect")
    this.once("connect", () => {
      this.disarm()
      this.arm(deadlines.connectMs, undefined, "connect")
    })
    this.on("data", () => {
      this.disarm()
      server.heardAtMs = awakeNow()
    })
    this.once("close", () => this.disarm())
  }
  private disarm() {
    this.due = undefined
    watched.delete(this)
  }
  /** The earliest unanswered write sets the deadline; later writes do not push it back. */
  private arm(ms: number | undefined, quietMs: number | undefined, what: string) {
    if (ms === undefined || this.due !== undefined) return
    this.due = { sinceMs: watch(this), ms, quietMs, what }
  }
  /** On each tick: past a deadline, once more round the event loop (an answer may have arrived unread), then destroyed. */
  check() {
    const due = this.due
    if (due === undefined) return
    const waited = awakeMs - due.sinceMs
    const quiet = awakeMs - Math.max(due.sinceMs, this.server.heardAtMs)
    if (waited < due.ms && (due.quietMs === undefined || quiet < due.quietMs)) return
    watched.delete(this)
    setImmediate(() => {
      if (this.due === due) this.destroy(timedOut(due.what))
    })
  }
  private armReply() {
    const { replyMs, silenceMs } = this.deadlines
    this.arm(replyMs ?? (silenceMs === undefined ? undefined : Number.MAX_SAFE_INTEGER), silenceMs, "reply")
  }
  override _write(chunk: any, encoding: BufferEncoding, callback: (error?: Error | null) => void) {
    this.armReply()
    super._write(chunk, encoding, callback)
  }
  override _writev(chunks: Array<{ chunk: any; encoding: BufferEncoding }>, callback: (error?: Error | null) => void) {
    this.armReply()
    super._writev!(chunks, callback)
  }
}

/** A `stream` factory for `pg`: the sockets of one factory (one pool) share what they hear. */
export const guardedSocket = (deadlines: Deadlines) => {
  const server: Server = { heardAtMs: 0 }
  return (): Socket => new GuardedSocket(deadlines, server)
}
