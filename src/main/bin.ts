#!/usr/bin/env node
import { tuneHeap } from "./HeapTuning.js"
import { plainServeRole } from "./Roles.js"

// A plain `serve` skips the command-line parser, which a serving process would otherwise hold for its life.
const role = plainServeRole(process.argv.slice(2))
// Before the command line and its modules load: loading them is the first thing that grows the heap.
tuneHeap(process.execArgv, process.env.NODE_OPTIONS, role)
// Before any fiber runs: Effect's list of root fibers, changed once a request, kept where V8's young
// generation can collect what it held (RootFibers.ts).
;(await import("./RootFibers.js")).keepRootFibersInSlab()
if (role === undefined) await import("./Cli.js")
else (await import("./ServeNow.js")).run(role)
