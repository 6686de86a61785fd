// The entry point: a shipment priced from a pricing model, as of a date (for FX rates). Pure: the
// same input gives the same quote, with no clock, I/O or shared state. Quotes are priced here.

import { accessorialLines } from './accessorials.js';
import { isoDate } from './checks.js';
import { converter } from './currency.js';
import type { PricedLine } from './line.js';
import { linehaulLines, shipmentTypeLine } from './linehaul.js';
import type { FxRate, Quote, RatingModel, Shipment } from './model.js';
import { amountOut, sumCents } from './money.js';
import { checkModel, checkShipment } from './validate.js';

/** Prices `shipment` from `model` in the shipment's currency (default: the model's), converting
 *  with the newest of `fx` dated on or before `asOf` (YYYY-MM-DD). Throws a RatingError for input
 *  it cannot price. */
export function rate(model: RatingModel, shipment: Shipment, fx: FxRate[], asOf: string): Quote {
  const checkedModel = checkModel(model);
  const checkedShipment = checkShipment(shipment, checkedModel);
  const date = isoDate(asOf, 'asOf');
  const currency = checkedShipment.currency ?? checkedModel.currency;
  const warnings: string[] = [];
  const convert = converter(fx, date, currency, warnings);
  const type = checkedShipment.shipmentTypeId == null ? null : checkedModel.shipmentTypes.find((t) => t.id === checkedShipment.shipmentTypeId)!;

  const linehaul: PricedLine[] = linehaulLines({ model: checkedModel, shipment: checkedShipment, type, convert, currency, warnings });
  const typeLine = shipmentTypeLine(type, sumCents(linehaul.map((l) => l.cents)), currency);
  if (typeLine) linehaul.push(typeLine);
  const linehaulCents = sumCents(linehaul.map((l) => l.cents));

  const accessorials = accessorialLines({ model: checkedModel, shipment: checkedShipment, linehaul: linehaulCents, convert, currency, warnings });
  const lines = [...linehaul, ...accessorials];
  return {
    currency,
    lines: lines.map((l) => l.line),
    total: amountOut(sumCents(lines.map((l) => l.cents))),
    linehaul: amountOut(linehaulCents),
    warnings,
  };
}
