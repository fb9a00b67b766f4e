import { connect, Socket } from "node:net"

/**
 * Client-side deadlines on each connection to a Postgres server, so that an unreachable database is a
 * fast failure (a 503 at the edge, see StorageHealth.isOutage) and never a request that hangs, while a
 * slow statement on a live server is left to finish (the server's own `statement_timeout` bounds it).
 *
 * The pool's own `connectTimeout` bounds both opening a connection and waiting for a free one; the wait
 * must stay long (a burst of requests queues for a connection), so the connect itself is bounded here.
 *
 * Liveness does not depend on how long a statement runs. When a connection has waited a while for an
 * answer and no connection of its pool has heard from the server meanwhile, the server is probed: a
 * fresh TCP connection to the same address sends Postgres's 8-byte SSLRequest, which any live server
 * (or pooler) answers at once with one byte, before authentication. An answer counts as hearing from
 * the server; no answer within the probe deadline (or a refused connection) means the server is
 * unreachable, and every connection then waiting is destroyed, which fails its statement and takes it
 * out of the pool. TCP keepalive covers a connection lost while idle.
 *
 * The deadlines count only time this process was awake to hear an answer (see the clock below), so a
 * burst that stalls it does not kill live connections. Where the session is encrypted (TLS), only the
 * plain-text start is watched: the TLS layer writes to the socket's handle directly, past this guard.
 * A Unix-socket connection is not probed (there is no network to lose): the reply deadline, if any, bounds it.
 */
export interface Deadlines {
  /** Opening the TCP connection; then, again, from there to the server's first byte. */
  readonly connectMs: number
  /**
   * A request unanswered this long while no connection to the same server heard anything either: the
   * server is probed. Undefined: never probed (migrations, which may wait on another process's lock).
   */
  readonly silenceMs?: number | undefined
  /** How long the probe may take to be answered before the server counts as unreachable. */
  readonly probeMs?: number | undefined
  /** A request unanswered this long on this connection, whatever the server says: it is dead. */
  readonly replyMs?: number | undefined
}

/** Probed servers answer within this unless said otherwise. */
export const DEFAULT_PROBE_MS = 1_500

/** Idle time before the kernel starts TCP keepalive probes on a pooled connection. */
export const KEEPALIVE_DELAY_MS = 10_000

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
const watched = new Set<{ check(): void }>()

const tick = () => {
  const now = performance.now()
  awakeMs += Math.min(now - lastTick, MAX_STEP_MS)
  lastTick = now
  for (const item of watched) item.check()
  if (watched.size === 0 && ticker !== undefined) {
    clearInterval(ticker)
    ticker = undefined
  }
}

const awakeNow = () => ticker === undefined ? awakeMs : awakeMs + Math.min(performance.now() - lastTick, MAX_STEP_MS)

const watch = (item: { check(): void }) => {
  watched.add(item)
  if (ticker === undefined) {
    lastTick = performance.now()
    ticker = setInterval(tick, TICK_MS)
    ticker.unref()
  }
  return awakeNow()
}

/** Postgres's SSLRequest: length 8, code 80877103. A server answers 'S' or 'N' without authentication. */
const SSL_REQUEST = Buffer.from([0, 0, 0, 8, 0x04, 0xd2, 0x16, 0x2f])

type Address = { readonly host: string; readonly port: number }

/**
 * What the connections of one pool share: when any of them last heard from the server, where it is,
 * and the probe under way, if any.
 */
class Server {
  heardAtMs = 0
  address: Address | undefined = undefined
  private probing: { startedMs: number; readonly socket: Socket; readonly check: () => void } | undefined = undefined
  readonly sockets = new Set<GuardedSocket>()
  constructor(private readonly probeMs: number) {}

  heard() {
    this.heardAtMs = awakeNow()
  }

  /** Starts a probe unless one is under way; its outcome reaches every connection of the pool. */
  probe() {
    const address = this.address
    if (this.probing !== undefined || address === undefined) return
    const socket = connect({ host: address.host, port: address.port, noDelay: true })
    const finish = (alive: boolean) => {
      if (this.probing?.socket !== socket) return
      watched.delete(probing)
      this.probing = undefined
      socket.destroy()
      if (alive) return this.heard()
      for (const guarded of this.sockets) guarded.unreachable(probing.startedMs)
    }
    const probing: { startedMs: number; readonly socket: Socket; readonly check: () => void } = {
      startedMs: 0,
      socket,
      check: () => {
        if (awakeMs - probing.startedMs >= this.probeMs) finish(false)
      }
    }
    this.probing = probing
    probing.startedMs = watch(probing)
    socket.once("connect", () => socket.write(SSL_REQUEST))
    socket.once("data", () => finish(true))
    socket.once("error", () => finish(false))
    socket.once("close", () => finish(false))
  }
}

/**
 * A plain TCP socket that destroys itself when a deadline passes. The hook is `_write`/`_writev` (each
 * write handed to the kernel): `write` itself is reset by `Socket.connect`.
 */
class GuardedSocket extends Socket {
  private due: { readonly sinceMs: number; readonly ms: number | undefined; readonly what: string } | undefined = undefined
  constructor(private readonly deadlines: Deadlines, private readonly server: Server) {
    super()
    server.sockets.add(this)
    // Two windows: the TCP connect, then the server's first answer.
    this.arm(deadlines.connectMs, "connect")
    this.once("connect", () => {
      this.disarm()
      this.arm(deadlines.connectMs, "connect")
      if (this.remoteAddress !== undefined && this.remotePort !== undefined) {
        server.address = { host: this.remoteAddress, port: this.remotePort }
      }
      this.setKeepAlive(true, KEEPALIVE_DELAY_MS)
      coalesceWrites(this)
    })
    this.on("data", () => {
      this.disarm()
      server.heard()
    })
    this.once("close", () => {
      this.disarm()
      server.sockets.delete(this)
    })
  }
  private disarm() {
    this.due = undefined
    watched.delete(this)
  }
  /** The earliest unanswered write sets the deadline; later writes do not push it back. */
  private arm(ms: number | undefined, what: string) {
    if (this.due !== undefined) return
    this.due = { sinceMs: watch(this), ms, what }
  }
  /** On each tick: past a deadline, once more round the event loop (an answer may have arrived unread), then destroyed. */
  check() {
    const due = this.due
    if (due === undefined) return
    const waited = awakeMs - due.sinceMs
    if (due.ms !== undefined && waited >= due.ms) return this.expire(due)
    const { silenceMs } = this.deadlines
    if (due.what === "reply" && silenceMs !== undefined && awakeMs - Math.max(due.sinceMs, this.server.heardAtMs) >= silenceMs) {
      this.server.probe()
    }
  }
  /** The probe started at `probeStartedMs` went unanswered: a request waiting since before it is lost. */
  unreachable(probeStartedMs: number) {
    const due = this.due
    if (due !== undefined && due.what === "reply" && due.sinceMs <= probeStartedMs) this.expire(due)
  }
  private expire(due: NonNullable<GuardedSocket["due"]>) {
    watched.delete(this)
    setImmediate(() => {
      if (this.due === due) this.destroy(timedOut(due.what))
    })
  }
  private armReply() {
    const { replyMs, silenceMs } = this.deadlines
    if (replyMs !== undefined || silenceMs !== undefined) this.arm(replyMs, "reply")
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

/**
 * pg writes each message of a statement (parse, bind, describe, execute, sync) separately, and a socket
 * hands each write to the kernel at once: five system calls per statement, twenty per create. Corked
 * for the rest of the tick, the messages written together go as one. Set after `connect`, which resets
 * `write`.
 */
const coalesceWrites = (socket: Socket) => {
  const write = socket.write
  let corked = false
  const uncork = () => {
    corked = false
    socket.uncork()
  }
  socket.write = function(this: Socket, ...args: Parameters<Socket["write"]>) {
    if (!corked) {
      corked = true
      socket.cork()
      process.nextTick(uncork)
    }
    return write.apply(this, args)
  } as Socket["write"]
}

/** A `stream` factory for `pg`: the sockets of one factory (one pool) share what they hear and one probe. */
export const guardedSocket = (deadlines: Deadlines) => {
  const server = new Server(deadlines.probeMs ?? DEFAULT_PROBE_MS)
  return (): Socket => new GuardedSocket(deadlines, server)
}
