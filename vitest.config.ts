import { availableParallelism } from "node:os"
import { defineConfig } from "vitest/config"

export default defineConfig({
  // The package's own "source" export condition: tests import `spotcast/...` from src, no build needed.
  resolve: { conditions: ["source"] },
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/support/buildOnce.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Vitest's default is one worker fewer than the cores: a single one on a 2-core machine, where the
    // files then ran one after another on one core while most of a file's time is importing the
    // service and waiting (on the servers it spawns, on Postgres, for forecasts to finish). One worker
    // per core (at least two) uses both cores and overlaps those waits; three, tried first, were faster
    // on a quiet machine but starved the outage and 1,000-connection tests' servers beside a CPU hog
    // (docs/testing.md has the figures).
    maxWorkers: Math.max(2, availableParallelism())
  }
})
