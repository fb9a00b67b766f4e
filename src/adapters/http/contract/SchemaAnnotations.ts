/** Our message replaces Schema's default one, whatever part of the field failed. */
export const says = (message: string) => ({ message: () => ({ message, override: true }) })

/** The message for a required field that is absent. */
export const required = (message: string) => ({ missingMessage: () => message })

/** Unknown fields are refused (Stripe's rule), so a misspelt field is never silently ignored. */
export const strict = { parseOptions: { onExcessProperty: "error" } } as const
