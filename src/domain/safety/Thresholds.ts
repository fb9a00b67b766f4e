/**
 * Every number the classification rules use, in one place. Sources are the ids of
 * `test/fixtures/safety-scenarios.json` (`sources[]`, with URLs); docs/safety.md explains each choice.
 *
 * Band table (GO up to / AVOID from, CAUTION between):
 * - GO ceilings: Beaufort 3, 7-10 kt (`nws-pqr-beaufort`); the public edition's GO and CAUTION days
 *   (`sealegs-skill`); the informal "small craft exercise caution" 15-21 kt band (`wikipedia-sca`).
 * - AVOID lines: Small Craft Advisory winds 20-33 kt and seas 4-10 ft by region (`nws-jetstream-icons`,
 *   `nws-key-defs`, `offshoreblue-noaa-warnings`, `wikipedia-sca`); WMO sea states (`wmo-3700`);
 *   gale 34-47 kt, storm >= 48 kt (`nws-key-defs`, `nws-mlb-threat`, `bom-marine-definitions`);
 *   Beaufort sea heights (`beaufort-full`); length leniency (`seriesdrogue-capsize`).
 */
export interface Limits {
  readonly go: number
  readonly avoid: number
}

export interface BandLimits {
  readonly label: string
  readonly wind: Limits
  readonly gust: Limits
  readonly seas: Limits
}

export type Band = "pwc" | "XS" | "S" | "M" | "L" | "XL" | "XXL"

export const BAND_TABLE: Readonly<Record<Band, BandLimits>> = {
  pwc: { label: "personal watercraft", wind: { go: 10, avoid: 18 }, gust: { go: 15, avoid: 25 }, seas: { go: 1.5, avoid: 3.5 } },
  XS: { label: "under 16 ft", wind: { go: 10, avoid: 18 }, gust: { go: 15, avoid: 25 }, seas: { go: 1.5, avoid: 4 } },
  S: { label: "16-25 ft", wind: { go: 12, avoid: 22 }, gust: { go: 17, avoid: 28 }, seas: { go: 2, avoid: 5.5 } },
  M: { label: "26-39 ft", wind: { go: 14, avoid: 28 }, gust: { go: 20, avoid: 34 }, seas: { go: 3, avoid: 8 } },
  L: { label: "40-79 ft", wind: { go: 16, avoid: 34 }, gust: { go: 24, avoid: 40 }, seas: { go: 5, avoid: 12 } },
  XL: { label: "80-199 ft", wind: { go: 20, avoid: 34 }, gust: { go: 28, avoid: 40 }, seas: { go: 7, avoid: 16 } },
  XXL: { label: "200 ft and over", wind: { go: 21, avoid: 48 }, gust: { go: 33, avoid: 60 }, seas: { go: 10, avoid: 25 } }
}

/**
 * Multihulls (catamarans) do not heel to spill a gust: the rig takes it until the boat flips, and a
 * capsized multihull does not right itself. Issue 11 asks for gust limits one band stricter; no
 * published number was found, so this is a project decision (docs/safety.md). A catamaran uses the
 * gust limits of the next smaller band; under 16 ft, the pwc limits.
 */
export const STRICTER_GUST_BAND: Readonly<Record<Band, Band>> = {
  pwc: "pwc",
  XS: "pwc",
  S: "XS",
  M: "S",
  L: "M",
  XL: "L",
  XXL: "XL"
}

/** Lower bounds (ft) of the length bands XS..XXL. */
export const BAND_FROM_FT = { S: 16, M: 26, L: 40, XL: 80, XXL: 200 } as const

/** Universal rules; they override the band table. */
export const UNIVERSAL = {
  /** Beaufort 6, the usual Small Craft Advisory floor: never GO (`wikipedia-sca`, `nws-mlb-threat`). */
  neverGoWindKt: 22,
  /** Gale: AVOID under 200 ft (`nws-key-defs`, `nws-eka-gale-sca-text`). */
  galeKt: 34,
  /** Frequent gusts of gale force count as a gale under 40 ft (`keywest-gale-gusts`). */
  galeGustSmallKt: 34,
  /** 40-199 ft: UK gale by gusts 43-51 kt, BoM squalls over 40-50 kt (`uk-shipping-terms`, `bom-marine-definitions`). */
  galeGustLargeKt: 45,
  /** Storm: AVOID for every vessel (`nws-key-defs`, `nws-mlb-threat`). */
  stormKt: 48,
  /**
   * Steep seas: a real wave steepness H/L, with the deep-water wavelength L = gT²/2π in metres and H in
   * metres. The NWS table Burch reproduces marks as dangerous to vessels of about 100 ft or less the
   * waves with L/H of about 25 or less, i.e. H/L >= 1/25 (waves break near 1/7) (`burch-steepness`,
   * `nws-lot-steep-waves`, `nws-gyx-wind-waves`). Issue 11 replaced the old ft ÷ s ratio of 0.9.
   */
  steepMinHeightFt: 3,
  steepness: 1 / 25,
  /**
   * The same table limits the danger of steep seas to vessels of about 100 ft or less (`burch-steepness`,
   * `nws-lot-steep-waves`): AVOID under 40 ft, CAUTION from 40 ft, a note (GO) from 100 ft.
   */
  steepDangerUnderFt: 100,
  /** IMO/WMO terms: good > 5 nm, poor 0.5-2 nm, very poor < 0.5 nm (`imo-msi-visibility`, `uk-shipping-terms`). */
  goodVisibilityNm: 5,
  /**
   * Moderate visibility (2-5 nm) is CAUTION under 40 ft only: no marine warning starts above 1 nm (the
   * NWS Dense Fog Advisory is at most 1 nm, `nwsi-10-301`), and from 40 ft a vessel carries radar
   * (`pwc-restricted-visibility-law` is the reason fog is stricter for small craft).
   */
  moderateVisibilityCautionUnderFt: 40,
  poorVisibilityNm: 2,
  denseFogNm: 0.5,
  /** Rain: probable (>= 50 %) and at least light-moderate (>= 1 mm/h) (`ams-rain`). */
  rainProbabilityPct: 50,
  rainRateMmPerH: 1,
  /*
   * Rain by itself is CAUTION for open boats only (a pwc, and power boats, sailboats and catamarans
   * under 26 ft): `ams-rain` defines the rate, not a danger, and no source makes rain a hazard for a
   * vessel with a cabin; what rain does to visibility the visibility rule rates.
   */
  /** Thunderstorm signature: AMS heavy rain with Special Marine Warning gusts (`ams-rain`, `nws-box-mariner`). */
  heavyRainMmPerH: 7.6,
  thunderstormGustKt: 38,
  /** WMO weather codes 95-99 are thunderstorms (`cdc-lightning-water`, `nws-buf-lightning`). */
  thunderstormWeatherCode: 95,
  /**
   * CAPE of 1,000 J/kg or more is moderate instability, where thunderstorm updrafts and their squalls
   * can form (`uky-cape`, `nws-glossary-cape`); with rain likely (`rainProbabilityPct`) it is a squall risk.
   */
  squallCapeJPerKg: 1000,
  /** 60 °F (`nws-box-cold-water`, `nccws-cold`, `nws-lwx-water-safety`). */
  coldWaterC: 15,
  /**
   * Near-freezing water (5 °C or less) with a working breeze (15 kt or more) is AVOID for a pwc and
   * boats under 16 ft (issue 11): in such water swimming failure comes within minutes (`nccws-cold`,
   * `nws-safeboating-cold`), and at 15 kt a small craft's capsize or fall overboard is likely enough.
   */
  nearFreezingWaterC: 5,
  nearFreezingWindKt: 15,
  /**
   * Cold water raises small open boats to CAUTION: a pwc and every boat under 21 ft. Where the length
   * was known, eight of every ten boaters who drowned were on vessels under 21 ft (`uscg-boating-stats`);
   * cold water turns a capsize or a fall overboard into cold shock within a minute (`nccws-cold`).
   */
  coldWaterCautionUnderFt: 21,
  /**
   * Open boats (no cabin to shelter in): a pwc, and power boats, sailboats and catamarans under 26 ft.
   * The API has no "open" flag, so the S band and below stand for day boats (docs/safety.md). A yacht is
   * never an open boat.
   */
  openBoatUnderFt: 26,
  /** Air below freezing is named in the text (a note): ice on deck, numb hands. */
  freezingAirC: 0,
  /**
   * Freezing spray: ice accretes on a vessel when the air is -2 °C or colder and the wind is force 6 or
   * more (`mariners-handbook-icing`). How fast, the water temperature included, is Overland's icing predictor
   * PPR = Va (Tf - Ta) / (1 + 0.3 (Tw - Tf)), Va in m/s, Tf = -1.7 °C (sea water), whose categories are
   * light < 0.7 cm/h, moderate 0.7-2 cm/h, heavy >= 2 cm/h (`opc-freezing-spray`); 2 cm/h is the NWS
   * Heavy Freezing Spray Warning criterion (`nws-heavy-freezing-spray`).
   */
  freezingSprayAirC: -2,
  freezingSprayWindKt: 22,
  seaWaterFreezingC: -1.7,
  sprayModeratePpr: 22.4,
  sprayHeavyPpr: 53.3,
  /** Beaufort 0-1 (`nws-pqr-beaufort`): a note for sailboats, never a class (`sealegs-skill`). */
  lightAirKt: 4,
  /** Gusts typically run 30-40 % above the mean (`bom-marine-definitions`): the estimate when none are forecast. */
  gustFactorWhenUnknown: 1.4
} as const

/**
 * Yachts are rated as if 25 % longer for the band table only, from 40 ft, and a yacht under 200 ft
 * never reaches the 200 ft band: at most one band of leniency, and never out of the gale rule.
 */
const G_M_PER_S2 = 9.80665
const M_PER_FT = 0.3048

/** Wave steepness H/L: height over the deep-water wavelength gT²/2π, both in metres. */
export const waveSteepness = (heightFt: number, periodS: number): number =>
  (heightFt * M_PER_FT) / ((G_M_PER_S2 * periodS * periodS) / (2 * Math.PI))

export const YACHT_BUMP = { factor: 1.25, fromFt: 40, capFt: 199 } as const
