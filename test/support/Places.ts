/**
 * Real places for the land/water rule, each with where its coordinates come from. Harbours are NOAA
 * CO-OPS tide stations (tidesandcurrents.noaa.gov, station pages) or the harbour named; cities and
 * lakes are the places' Wikipedia coordinates (rounded). Wrong-sign entries are the harbour above
 * them with the longitude's sign flipped, as a client that drops the minus sends them.
 */
export interface Place {
  readonly name: string
  readonly latitude: number
  readonly longitude: number
  readonly source: string
}

const place = (name: string, latitude: number, longitude: number, source: string): Place => ({ name, latitude, longitude, source })

/** On the sea, on a coast, in a harbour or on a large lake: accepted. */
export const WATER: ReadonlyArray<Place> = [
  place("Block Island Sound", 41.13, -71.71, "open water between Block Island and Montauk, NOAA chart 13205"),
  place("Boston harbour", 42.3548, -71.0534, "NOAA station 8443970 Boston, MA"),
  place("Newport, RI", 41.5043, -71.3261, "NOAA station 8452660 Newport, RI"),
  place("Annapolis", 38.9833, -76.4816, "NOAA station 8575512 Annapolis, MD"),
  place("Charleston", 32.7808, -79.9236, "NOAA station 8665530 Charleston, SC"),
  place("Portland, ME", 43.6567, -70.2467, "NOAA station 8418150 Portland, ME"),
  place("San Francisco", 37.8063, -122.4659, "NOAA station 9414290 San Francisco, CA"),
  place("Seattle", 47.6026, -122.3393, "NOAA station 9447130 Seattle, WA"),
  place("Virginia Key, Miami", 25.7317, -80.1617, "NOAA station 8723214 Virginia Key, FL"),
  place("Honolulu", 21.3069, -157.8673, "NOAA station 1612340 Honolulu, HI"),
  place("Marseille Vieux-Port", 43.2951, 5.3700, "Vieux-Port de Marseille, Wikipedia"),
  place("Sydney Harbour", -33.8568, 151.2153, "Sydney Opera House on Bennelong Point, Wikipedia"),
  place("Bergen harbour", 60.3913, 5.3221, "Bergen, Wikipedia"),
  place("Oslo harbour", 59.9075, 10.7306, "Oslo, Wikipedia"),
  place("Reykjavik harbour", 64.1500, -21.9400, "Reykjavík, Wikipedia"),
  place("Toronto harbour (Lake Ontario)", 43.6400, -79.3800, "Toronto Harbour, Wikipedia"),
  place("Lake Ontario, open lake", 43.6000, -77.8000, "Lake Ontario, Wikipedia (mid-lake)"),
  place("Chicago, Calumet Harbor (Lake Michigan)", 41.7300, -87.5400, "NOAA station 9087044 Calumet Harbor, IL"),
  place("Lake Superior, open lake", 47.7000, -87.5000, "Lake Superior, Wikipedia (mid-lake)"),
  place("Lake Geneva at Geneva", 46.2074, 6.1557, "Jet d'Eau, Geneva, Wikipedia"),
  place("Lake Garda, Riva del Garda", 45.8850, 10.8420, "Riva del Garda, Wikipedia"),
  place("Lake Balaton, Siófok", 46.9090, 18.0470, "Siófok, Wikipedia"),
  place("Lake Tahoe", 39.0968, -120.0324, "Lake Tahoe, Wikipedia"),
  place("Lake Victoria", -1.0, 33.0, "Lake Victoria, Wikipedia"),
  place("Caspian Sea", 42.0, 50.5, "Caspian Sea, Wikipedia")
]

/** Inland, far from any sea or large lake: refused. */
export const LAND: ReadonlyArray<Place> = [
  place("Denver", 39.7392, -104.9903, "Denver, Wikipedia"),
  place("Kansas (geographic centre of the contiguous US)", 39.8283, -98.5795, "Lebanon, Kansas, Wikipedia"),
  place("Sahara (Tamanrasset)", 22.7850, 5.5228, "Tamanrasset, Wikipedia"),
  place("Sahara (Ténéré)", 18.0, 10.0, "Ténéré, Wikipedia"),
  place("Las Vegas", 36.1700, -115.1400, "Las Vegas, Wikipedia"),
  place("Madrid", 40.4168, -3.7038, "Madrid, Wikipedia"),
  place("Paris", 48.8566, 2.3522, "Paris, Wikipedia"),
  place("Ulaanbaatar", 47.8864, 106.9057, "Ulaanbaatar, Wikipedia"),
  place("Brasília", -15.7900, -47.8800, "Brasília, Wikipedia")
]

/** US harbours sent with the longitude's sign flipped: inland Asia, refused. */
export const WRONG_SIGN: ReadonlyArray<Place> = [
  place("Boston harbour with +71", 42.3548, 71.0534, "NOAA station 8443970, sign flipped"),
  place("Newport, RI with +71", 41.5043, 71.3261, "NOAA station 8452660, sign flipped"),
  place("Annapolis with +76", 38.9833, 76.4816, "NOAA station 8575512, sign flipped"),
  place("Charleston with +79", 32.7808, 79.9236, "NOAA station 8665530, sign flipped"),
  place("Portland, ME with +70", 43.6567, 70.2467, "NOAA station 8418150, sign flipped"),
  place("Virginia Key with +80", 25.7317, 80.1617, "NOAA station 8723214, sign flipped"),
  place("Seattle with +122", 47.6026, 122.3393, "NOAA station 9447130, sign flipped")
]
