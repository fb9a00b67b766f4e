// The anchor: node:http answering a pre-serialized body (the bytes of a SpotCast GET), nothing else.
// node bench/memory-raw.mjs <port> <bodyfile>
import { createServer } from "node:http"
import { readFileSync } from "node:fs"

const [port, file] = process.argv.slice(2)
const body = readFileSync(file)
createServer((req, res) => {
  res.writeHead(200, { "content-type": "application/json", "content-length": body.length })
  res.end(body)
}).listen(Number(port), "127.0.0.1", () => console.log(`raw listening on ${port}`))
