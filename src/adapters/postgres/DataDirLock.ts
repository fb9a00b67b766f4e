import { Effect, Schema } from "effect"
import * as fs from "node:fs"
import * as path from "node:path"

export class DataDirInUse extends Schema.TaggedError<DataDirInUse>()("DataDirInUse", {
  dataDir: Schema.String,
  pid: Schema.Number
}) {
  override get message() {
    return `${this.dataDir} is in use by process ${this.pid}; embedded storage serves one process. ` +
      "Stop it, or set DATABASE_URL to share a Postgres server between processes."
  }
}

export class DataDirUnavailable extends Schema.TaggedError<DataDirUnavailable>()("DataDirUnavailable", {
  dataDir: Schema.String,
  reason: Schema.String
}) {
  override get message() {
    return `${this.dataDir} cannot be used for embedded storage: ${this.reason}`
  }
}

const LOCK_FILE = "spotcast.lock"
/** Directories this process holds: a second PGlite on one of them would corrupt it just the same. */
const held = new Set<string>()

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM"
  }
}

const take = (dataDir: string) => {
  const dir = path.resolve(dataDir)
  if (held.has(dir)) throw new DataDirInUse({ dataDir, pid: process.pid })
  fs.mkdirSync(dir, { recursive: true })
  const file = path.join(dir, LOCK_FILE)
  for (;;) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" })
      held.add(dir)
      return dir
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e
      // Our own pid in the file is a lock from an earlier life of a reused pid (e.g. pid 1 in a container).
      const holder = Number(fs.readFileSync(file, "utf8").trim())
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && alive(holder)) {
        throw new DataDirInUse({ dataDir, pid: holder })
      }
      fs.rmSync(file, { force: true })
    }
  }
}

/** Takes `dataDir` for this process until the scope closes; a lock left by a dead process is taken over. */
export const DataDirLock = (dataDir: string) =>
  Effect.acquireRelease(
    Effect.try({
      try: () => take(dataDir),
      catch: (e) => e instanceof DataDirInUse ? e : new DataDirUnavailable({ dataDir, reason: String(e) })
    }),
    (dir) =>
      Effect.sync(() => {
        held.delete(dir)
        fs.rmSync(path.join(dir, LOCK_FILE), { force: true })
      })
  )
