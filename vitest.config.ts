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
    // service and waiting (on the servers it spawns, on Postgres, for forecasts to finish). Three
    // workers use both cores and overlap those waits (docs/testing.md has the figures).
    maxWorkers: Math.max(3, availableParallelism() - 1)
  }
})
