import { Layer } from "effect"
import * as EmbeddedPostgres from "../../src/adapters/postgres/EmbeddedPostgres.js"
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

runContracts({ name: "PGlite", layer: Layer.provideMerge(sqlReset, EmbeddedPostgres.layer()) }, [accountStoreContract, spotCastStoreContract, jobQueueContract, idempotencyStoreContract, webhookOutboxContract, widgetStoreContract, usageStoreContract, routeStoreContract, installationSecretsContract])
