import { accountStoreContract } from "./AccountStoreContract.js"
import { idempotencyStoreContract } from "./IdempotencyStoreContract.js"
import { jobQueueContract } from "./JobQueueContract.js"
import { spotCastStoreContract } from "./SpotCastStoreContract.js"
import { usageStoreContract } from "./UsageStoreContract.js"
import { routeStoreContract } from "./RouteStoreContract.js"
import { widgetStoreContract } from "./WidgetStoreContract.js"
import { installationSecretsContract } from "./InstallationSecretsContract.js"
import { memoryHarness, runContracts } from "./StorageHarness.js"
import { webhookOutboxContract } from "./WebhookOutboxContract.js"

runContracts(memoryHarness, [
  accountStoreContract,
  spotCastStoreContract,
  jobQueueContract,
  idempotencyStoreContract,
  webhookOutboxContract,
  widgetStoreContract,
  usageStoreContract,
  routeStoreContract,
  installationSecretsContract
])
