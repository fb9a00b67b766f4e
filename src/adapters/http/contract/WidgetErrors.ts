import { Schema } from "effect"
import { ForecastId, WidgetId } from "../../../domain/Ids.js"
import { WidgetNotFound, WidgetRefreshInProgress } from "../../../domain/widget/Widget.js"
import { code, errorEnvelope, notFound } from "./ErrorEnvelope.js"

export const NoWidget = notFound(WidgetNotFound, "No such widget for this account", {
  code: "widget_not_found",
  param: "id",
  message: ["No widget found with id '", "'"],
  id: (e) => e.widgetId,
  make: (widgetId) => new WidgetNotFound({ widgetId })
})

export const WidgetInProgress = errorEnvelope(
  WidgetRefreshInProgress,
  409,
  "The widget's newest forecast is still being produced",
  { code: code("forecast_in_progress"), message: Schema.String, widget_id: WidgetId, forecast_id: ForecastId }
)(
  (e) => ({
    code: "forecast_in_progress",
    message: `Forecast ${e.forecastId} of this widget is still in progress; refresh once it has finished`,
    widget_id: e.widgetId,
    forecast_id: e.forecastId
  }),
  (w) => new WidgetRefreshInProgress({ widgetId: w.widget_id, forecastId: w.forecast_id })
)
