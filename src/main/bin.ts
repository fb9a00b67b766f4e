#!/usr/bin/env node
import { tuneHeap } from "./HeapTuning.js"

// Before the command line and its modules load: loading them is the first thing that grows the heap.
tuneHeap(process.execArgv, process.env.NODE_OPTIONS)
await import("./Cli.js")
