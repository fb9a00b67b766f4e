// What keeps short-lived objects out of V8's young generation, in plain JavaScript (docs/performance.md,
// "What kept finished requests alive"): 32 objects of about 0.4 KB at a time, each alive for one turn of
// the event loop, tracked in
//   none     nothing
//   set      a long-lived Set, added to and deleted from (its table made old first, as a burst does)
//   array    a long-lived array, each removed by swapping the last one into its place (RootFibers.ts)
//   copy     the Set, replaced by a copy of itself every 256 deletes
//   weakmap  a long-lived WeakMap keyed by each object, its value 0.5 KB
// Each case runs in its own process with V8's collection trace and prints the bytes promoted to the old
// generation per object and the number of old-generation collections, over a fixed number of objects.
// usage: node bench/pinned-young.mjs [cases...]        env: N=300000
import { execFileSync } from "node:child_process"
import { fileURLToPath } from "node:url"

const N = Number(process.env.N ?? 300_000)
const [, , role, kind] = process.argv

if (role === "--case") {
  let set = new Set()
  const array = []
  const weak = new WeakMap()
  let deletes = 0
  if (kind === "set" || kind === "copy") {
    // The table made old: 1,000 entries held across two scavenges, then deleted.
    const held = Array.from({ length: 1000 }, (_, i) => ({ i }))
    for (const o of held) set.add(o)
    globalThis.gc({ type: "minor" })
    globalThis.gc({ type: "minor" })
    for (const o of held) set.delete(o)
  }
  let started = 0
  let finished = 0
  const one = () => {
    if (started === N) return
    started++
    const object = { payload: new Array(60).fill(started), more: { x: 1 }, list: [1, 2, 3] }
    let slot
    if (kind === "set" || kind === "copy") set.add(object)
    else if (kind === "array") array.push(slot = { object, index: array.length })
    else if (kind === "weakmap") weak.set(object, { seen: new Array(60).fill(started) })
    setImmediate(() => {
      if (kind === "set") set.delete(object)
      else if (kind === "copy") {
        set.delete(object)
        if (++deletes % 256 === 0) set = new Set(set)
      } else if (kind === "array") {
        const last = array.pop()
        if (last !== slot) {
          array[slot.index] = last
          last.index = slot.index
        }
      }
      // What the rest of a request would allocate.
      void Array.from({ length: 200 }, (_, i) => ({ i }))
      if (++finished < N) setImmediate(one)
    })
  }
  for (let i = 0; i < 32; i++) one()
} else {
  const cases = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["none", "set", "array", "copy", "weakmap"]
  const self = fileURLToPath(import.meta.url)
  console.log(`# ${N} objects a case, 32 at a time; node ${process.version}`)
  for (const kind of cases) {
    const trace = execFileSync(process.execPath, ["--expose-gc", "--trace-gc-nvp", self, "--case", kind], {
      encoding: "utf8",
      maxBuffer: 256 * 1024 * 1024
    })
    let promoted = 0
    let full = 0
    for (const line of trace.split("\n")) {
      const scavenge = /(?:^|\s)gc=s\s.*\spromoted=(\d+)/.exec(line)
      if (scavenge) promoted += Number(scavenge[1])
      else if (/(?:^|\s)gc=mc\s/.test(line)) full++
    }
    console.log(`${kind.padEnd(8)} ${(promoted / N).toFixed(0).padStart(5)} bytes promoted an object, ${full} old-generation collections`)
  }
}
