import * as OpenApi from "@effect/platform/OpenApi"
import { AdminApi } from "./AdminApi.js"
import { SpotCastApi } from "./SpotCastApi.js"

/**
 * What one server answers: the public API and the operator API side by side. The operator groups are
 * left out of the public OpenAPI document and docs page.
 */
export const ServedApi = SpotCastApi.addHttpApi(AdminApi.annotate(OpenApi.Exclude, true))
