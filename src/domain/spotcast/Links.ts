/**
 * Absolute links. `publicBaseUrl` is the service's public root (e.g. https://api.example.com);
 * the contract's {base_url} is that root followed by /v3.
 */
export const apiBase = (publicBaseUrl: string): string => `${publicBaseUrl.replace(/\/+$/, "")}/v3`

export const spotcastLink = (publicBaseUrl: string, spotcastId: string): string =>
  `${apiBase(publicBaseUrl)}/spotcast/${spotcastId}`

export const statusLink = (publicBaseUrl: string, spotcastId: string): string =>
  `${spotcastLink(publicBaseUrl, spotcastId)}/status`

export const forecastLink = (publicBaseUrl: string, spotcastId: string, forecastId: string): string =>
  `${spotcastLink(publicBaseUrl, spotcastId)}/forecast/${forecastId}`
