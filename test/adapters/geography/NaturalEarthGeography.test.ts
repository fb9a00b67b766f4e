import * as NaturalEarthGeography from "../../../src/adapters/geography/NaturalEarthGeography.js"
import { geographyContract } from "../../ports/GeographyContract.js"

geographyContract("Natural Earth land, OpenStreetMap large lakes, tz-lookup", NaturalEarthGeography.layer)
