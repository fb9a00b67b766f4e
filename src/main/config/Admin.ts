import { Config } from "effect"

/** `SPOTCAST_ADMIN_TOKEN`: enables the server's operator API, and is what `spotcast admin` presents to it. */
export const AdminTokenConfig = Config.redacted(Config.string("SPOTCAST_ADMIN_TOKEN").pipe(
  Config.validate({ message: "Expected at least 16 characters", validation: (s) => s.length >= 16 })
))

/** `SPOTCAST_ADMIN_URL`: where `spotcast admin` sends its requests. */
export const AdminUrlConfig = Config.string("SPOTCAST_ADMIN_URL").pipe(Config.withDefault("http://localhost:8080"))
