/** The composition root: configuration, storage choice, process roles. */
export * as AppConfig from "./config/AppConfig.js"
export * as Bootstrap from "./Bootstrap.js"
export * as Intelligence from "./Intelligence.js"
export * as RootFibers from "./RootFibers.js"
export * as Serve from "./Serve.js"
export * as SettingsLive from "./SettingsLive.js"
export * as Storage from "./Storage.js"
