import { Ajv2020 } from "ajv/dist/2020.js"
import addFormats from "ajv-formats"

/** One answer to check: what was asked, and what came back. */
export interface Exchange {
  readonly method: string
  readonly path: string
  readonly status: number
  readonly headers: Headers
  readonly json: unknown
}

/**
 * Checks an answer against the OpenAPI 3.1 document the server serves, the way Prism's validating proxy
 * does, for the exchanges Prism cannot carry: the documented response for that operation and status
 * must exist, the body must be JSON of the declared media type and match its schema (JSON Schema 2020-12,
 * compiled by Ajv), and every header the document requires must be there. Gives the violations, empty
 * when there are none.
 */
export const documentValidator = (document: any) => {
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats.default(ajv)
  const operations = Object.entries(document.paths as Record<string, Record<string, any>>).map(([template, ops]) => ({
    pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`),
    template,
    params: (template.match(/\{/g) ?? []).length,
    ops
  }))
  // The schemas' `#/components/...` references resolve within the compiled schema itself.
  const compile = (schema: unknown) => ajv.compile({ ...(schema as object), components: document.components })

  return (exchange: Exchange): ReadonlyArray<string> => {
    const path = exchange.path.replace(/\?.*$/, "")
    // As OpenAPI resolves paths: a concrete path before a templated one (`/widgets` is not an `{id}`).
    const found = operations
      .filter((op) => op.pattern.test(path) && op.ops[exchange.method.toLowerCase()] !== undefined)
      .sort((a, b) => a.params - b.params)[0]
    if (found === undefined) return [`${exchange.method} ${path} is not in the document`]
    const operation = found.ops[exchange.method.toLowerCase()]
    const response = operation.responses?.[String(exchange.status)] ?? operation.responses?.default
    if (response === undefined) return [`${exchange.status} is not documented for ${exchange.method} ${found.template}`]
    const violations: Array<string> = []
    for (const [name, header] of Object.entries((response.headers ?? {}) as Record<string, any>)) {
      if (header.required === true && !exchange.headers.has(name)) violations.push(`header ${name} is missing`)
    }
    const mediaType = (exchange.headers.get("content-type") ?? "").split(";")[0]!.trim()
    const content = response.content?.[mediaType]
    if (content === undefined) return [...violations, `${mediaType || "no content type"} is not documented for ${exchange.status}`]
    if (exchange.json === undefined) return [...violations, "the body is not JSON"]
    const validate = compile(content.schema)
    if (!validate(exchange.json)) {
      violations.push(...(validate.errors ?? []).map((e) => `body${e.instancePath} ${e.message ?? ""} ${JSON.stringify(e.params)}`))
    }
    return violations
  }
}
