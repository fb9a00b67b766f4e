import { defineConfig } from "vitest/config"

export default defineConfig({
  // The package's own "source" export condition: tests import `spotcast/...` from src, no build needed.
  resolve: { conditions: ["source"] },
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/support/buildOnce.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000
  }
})
