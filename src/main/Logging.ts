import { Layer, Logger, type Option } from "effect"

/** SPOTCAST_LOG_FORMAT: json (one object per line, for a log collector), pretty, or the default lines. */
export const layer = (format: Option.Option<"json" | "pretty">): Layer.Layer<never> =>
  format._tag === "None" ? Layer.empty : format.value === "json" ? Logger.json : Logger.pretty
