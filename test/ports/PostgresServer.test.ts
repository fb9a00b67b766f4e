import { Layer } from "effect"
import { describeServer, serverStorage } from "../adapters/postgres/TestDatabase.js"
import { accountStoreContract } from "./AccountStoreContract.js"
import { idempotencyStoreContract } from "./IdempotencyStoreContract.js"
import { jobQueueContract } from "./JobQueueContract.js"
import { spotCastStoreContract } from "./SpotCastStoreContract.js"
import { webhookOutboxContract } from "./WebhookOutboxContract.js"
import { routeStoreContract } from "./RouteStoreContract.js"
import { usageStoreContract } from "./UsageStoreContract.js"
import { widgetStoreContract } from "./WidgetStoreContract.js"
import { installationSecretsContract } from "./InstallationSecretsContract.js"
import { runContracts, sqlReset } from "./StorageHarness.js"

await describeServer("the real Postgres server", () => {
  runContracts({ name: "the Postgres server", layer: Layer.provideMerge(sqlReset, serverStorage()) }, [accountStoreContract, spotCastStoreContract, jobQueueContract, idempotencyStoreContract, webhookOutboxContract, widgetStoreContract, usageStoreContract, routeStoreContract, installationSecretsContract])
})
