/** Where the pure, CPU-heavy steps run: in process (one per core at once) or on worker threads. */
export * as InProcessCompute from "./InProcessCompute.js"
export * as ThreadCompute from "./ThreadCompute.js"
