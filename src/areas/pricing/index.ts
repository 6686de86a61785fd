// The pricing section (part 1, "Pricing"): pricing models, zone-to-zone rates, shipment types and
// FX rates. The rating engine that prices from them is src/pricing/rating/.
import type { Area } from '../../platform/area.js';
import { fxRateRecords } from './fx-rates.repository.js';
import { fxRateRoutes } from './fx-rates.routes.js';
import { FxRate } from './fx-rates.schemas.js';
import { fxRatesService } from './fx-rates.service.js';
import { intlRateRecords, mileageChargeRecords, pricingModelRecords } from './pricing-models.repository.js';
import { pricingModelRoutes } from './pricing-models.routes.js';
import { AddMileageChargeRequestDto, MileageChargeDto, PricingIntlRateDto, PricingModelDto } from './pricing-models.schemas.js';
import { pricingModelsService } from './pricing-models.service.js';
import { pricingZoneRecords } from './pricing-zones.repository.js';
import { pricingZoneRoutes } from './pricing-zones.routes.js';
import { PricingZoneDto } from './pricing-zones.schemas.js';
import { pricingZonesService } from './pricing-zones.service.js';
import { shipmentTypeRecords } from './shipment-types.repository.js';
import { shipmentTypeRoutes } from './shipment-types.routes.js';
import { ShipmentType } from './shipment-types.schemas.js';
import { shipmentTypesService } from './shipment-types.service.js';

export const pricingArea: Area = {
  name: 'Pricing',
  resources: [pricingModelRecords, mileageChargeRecords, intlRateRecords, pricingZoneRecords, shipmentTypeRecords, fxRateRecords],
  schemas: [MileageChargeDto, PricingIntlRateDto, PricingModelDto, AddMileageChargeRequestDto, PricingZoneDto, ShipmentType, FxRate],
  routes: () => [
    ...pricingModelRoutes(pricingModelsService()),
    ...pricingZoneRoutes(pricingZonesService()),
    ...shipmentTypeRoutes(shipmentTypesService()),
    ...fxRateRoutes(fxRatesService()),
  ],
};

export { fxRateRecords } from './fx-rates.repository.js';
export { intlRateRecords, mileageChargeRecords, pricingModelRecords } from './pricing-models.repository.js';
export { EDIT_PRICING } from './pricing-models.routes.js';
export type { PricingModelDtoT, PricingModelInputT } from './pricing-models.schemas.js';
export { pricingModelsService } from './pricing-models.service.js';
export { pricingZoneRecords } from './pricing-zones.repository.js';
export { priceFor, type RatingInputs, ratingInputsFor, zoneIdOf } from './rating-input.js';
export { shipmentTypeRecords } from './shipment-types.repository.js';
