/** A NUL character, or half of a surrogate pair without its other half: text no store or encoder can keep as sent. */
const UNSAFE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/** Whether `text` can be stored and echoed back exactly (Postgres text cannot hold NUL; UTF-8 cannot hold lone surrogates). */
export const isStorableText = (text: string): boolean => !UNSAFE.test(text)

export const UNSTORABLE_TEXT = "must not contain NUL characters or unpaired surrogates"
