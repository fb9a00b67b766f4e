/**
 * Migration 0013: the height and temperature units a SpotCast (and so a widget's or route's hidden
 * SpotCast) is shown in, resolved at create time and stored. Rows made before them keep what they
 * showed: heights in metres only with km, °F only with statute miles (`legacyUnitsFor` in
 * src/domain/spotcast/Preferences.ts). The backfill is one statement per column so a large table is
 * rewritten once; the NOT NULL comes after it.
 */
export const schemaUnits: ReadonlyArray<string> = [
  `ALTER TABLE spotcasts ADD COLUMN height_units text, ADD COLUMN temperature_units text`,
  `UPDATE spotcasts SET
     height_units = CASE WHEN distance_units = 'km' THEN 'm' ELSE 'ft' END,
     temperature_units = CASE WHEN distance_units = 'mi' THEN 'f' ELSE 'c' END`,
  `ALTER TABLE spotcasts ALTER COLUMN height_units SET NOT NULL, ALTER COLUMN temperature_units SET NOT NULL`
]
