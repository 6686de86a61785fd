// Models of the driver app's configuration (part 2, "Drivers": UserPrompt, DriverApplicationSettings;
// fields not shown there): the flow — the ordered prompts a driver answers at each stop — and the
// rules the app enforces, with the defaults a company starts from.
import { Id, NameEnum, Nullable, Opt, type Static, Type } from '../../platform/schemas.js';

export const PROMPT_KINDS = ['Photo', 'Signature', 'BarcodeScan', 'Note', 'Checklist'] as const;
export type PromptKind = (typeof PROMPT_KINDS)[number];
export const STOP_TYPES = ['Pickup', 'Delivery', 'Transfer'] as const;
export type StopType = (typeof STOP_TYPES)[number];
export const APP_LANGUAGES = ['en', 'es', 'fr', 'pt', 'pl', 'ru', 'uk', 'pa'] as const;
export const APP_DISTANCE_UNITS = ['mi', 'km'] as const;

const d = {
  id: "The prompt's id in the company's flow, kept while the prompt is; the driver app records answers under it. A removed prompt's id is never given again.",
  order: 'Where the prompt comes at a stop, from 1; unique in the flow.',
  kind:
    "Photo: take one or more photos; Signature: the person at the stop signs on the screen; BarcodeScan: scan the freight's labels; Note: type a note; " +
    'Checklist: tick each of checklistItems.',
  label: 'What the driver reads ("Proof of delivery photo").',
  hint: 'A longer explanation under the label.',
  stopTypes: 'The stops it is asked at: Pickup, Delivery, Transfer (at least one).',
  isRequired: 'The driver cannot complete the stop without answering it (every item ticked, for a checklist). Default false.',
  checklistItems: 'The items of a Checklist prompt (at least one); empty for other kinds.',
};

export const UserPrompt = Type.Object(
  {
    id: Id,
    order: Type.Integer({ description: d.order }),
    kind: NameEnum(PROMPT_KINDS, { description: d.kind }),
    label: Type.String({ description: d.label }),
    hint: Nullable(Type.String({ description: d.hint })),
    stopTypes: Type.Array(NameEnum(STOP_TYPES), { description: d.stopTypes }),
    isRequired: Type.Boolean({ description: d.isRequired }),
    checklistItems: Type.Array(Type.String(), { description: d.checklistItems }),
  },
  { $id: 'UserPrompt', description: "A prompt of the driver app's flow: something the driver answers at a stop." },
);
export type UserPromptT = Static<typeof UserPrompt>;

export const UserPromptInput = Type.Object({
  id: Opt(Type.Integer({ format: 'int32', description: `${d.id} Send it to keep a prompt of the current flow; leave it out for a new prompt.` })),
  order: Type.Integer({ minimum: 1, maximum: 1000, description: d.order }),
  kind: NameEnum(PROMPT_KINDS, { description: d.kind }),
  label: Type.String({ minLength: 1, maxLength: 200, description: d.label }),
  hint: Opt(Type.String({ maxLength: 1000, description: d.hint })),
  stopTypes: Type.Array(NameEnum(STOP_TYPES), { minItems: 1, maxItems: 3, description: d.stopTypes }),
  isRequired: Opt(Type.Boolean({ description: d.isRequired })),
  checklistItems: Opt(Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 50, description: d.checklistItems })),
});
export type UserPromptInputT = Static<typeof UserPromptInput>;

export const FlowInput = Type.Array(UserPromptInput, {
  maxItems: 50,
  description: "The whole flow: it replaces the company's. [] leaves the driver app with no prompts.",
});

/** The flow a company starts from: what a regional LTL and truckload shipper asks its drivers. */
export const DEFAULT_FLOW: readonly UserPromptT[] = [
  {
    id: 1,
    order: 1,
    kind: 'BarcodeScan',
    label: 'Scan the freight labels',
    hint: 'Scan every pallet or piece; the app counts them against the order.',
    stopTypes: ['Pickup', 'Transfer'],
    isRequired: false,
    checklistItems: [],
  },
  {
    id: 2,
    order: 2,
    kind: 'Checklist',
    label: 'Before leaving the shipper',
    hint: null,
    stopTypes: ['Pickup'],
    isRequired: true,
    checklistItems: ['Piece count matches the bill of lading', 'Freight secured (straps, load bars)', 'Seal number written on the bill of lading'],
  },
  { id: 3, order: 3, kind: 'Photo', label: 'Photo of the loaded freight', hint: null, stopTypes: ['Pickup'], isRequired: false, checklistItems: [] },
  {
    id: 4,
    order: 4,
    kind: 'Photo',
    label: 'Proof of delivery photo',
    hint: 'The freight where it was left, with the door or dock number in view.',
    stopTypes: ['Delivery'],
    isRequired: true,
    checklistItems: [],
  },
  {
    id: 5,
    order: 5,
    kind: 'Signature',
    label: "Receiver's signature",
    hint: "Ask for the receiver's printed name too.",
    stopTypes: ['Delivery'],
    isRequired: true,
    checklistItems: [],
  },
  {
    id: 6,
    order: 6,
    kind: 'Note',
    label: 'Exceptions (damage, shortage, refused pieces)',
    hint: null,
    stopTypes: ['Delivery', 'Transfer'],
    isRequired: false,
    checklistItems: [],
  },
];

const s = {
  requirePhotoOnPickup: "The app completes a pickup only with at least one photo (from the flow's Photo prompts or taken freely).",
  requirePhotoOnDelivery: 'The app completes a delivery only with at least one photo.',
  requireSignatureOnDelivery: 'The app completes a delivery only with a signature.',
  requirePreTripInspection: 'The driver makes a pre-trip truck inspection (a status check) before starting a route.',
  requireOdometerAtStart: "The driver enters the truck's odometer when starting a route.",
  allowSkipStops: 'The driver may skip a stop (with a reason), leaving it for dispatch.',
  allowReorderStops: "The driver may visit the route's stops in another order than planned.",
  gpsTrackingIntervalSeconds: "How often the app reports the driver's position while on a route, in seconds (10 to 3600).",
  shareEtaWithCustomer: "Customers get a tracking link with the driver's estimated arrival.",
  distanceUnit: 'Distances shown in the app: mi or km.',
  language: "The app's language until the driver picks another: en, es, fr, pt, pl, ru, uk, pa (Punjabi).",
};

export const DEFAULT_SETTINGS = {
  requirePhotoOnPickup: false,
  requirePhotoOnDelivery: true,
  requireSignatureOnDelivery: true,
  requirePreTripInspection: true,
  requireOdometerAtStart: false,
  allowSkipStops: false,
  allowReorderStops: true,
  gpsTrackingIntervalSeconds: 30,
  shareEtaWithCustomer: true,
  distanceUnit: 'mi' as (typeof APP_DISTANCE_UNITS)[number],
  language: 'en' as (typeof APP_LANGUAGES)[number],
};
export type AppSettings = typeof DEFAULT_SETTINGS;

const settingFields = {
  requirePhotoOnPickup: Type.Boolean({ description: `${s.requirePhotoOnPickup} Default false.` }),
  requirePhotoOnDelivery: Type.Boolean({ description: `${s.requirePhotoOnDelivery} Default true.` }),
  requireSignatureOnDelivery: Type.Boolean({ description: `${s.requireSignatureOnDelivery} Default true.` }),
  requirePreTripInspection: Type.Boolean({ description: `${s.requirePreTripInspection} Default true.` }),
  requireOdometerAtStart: Type.Boolean({ description: `${s.requireOdometerAtStart} Default false.` }),
  allowSkipStops: Type.Boolean({ description: `${s.allowSkipStops} Default false.` }),
  allowReorderStops: Type.Boolean({ description: `${s.allowReorderStops} Default true.` }),
  gpsTrackingIntervalSeconds: Type.Integer({ minimum: 10, maximum: 3600, description: `${s.gpsTrackingIntervalSeconds} Default 30.` }),
  shareEtaWithCustomer: Type.Boolean({ description: `${s.shareEtaWithCustomer} Default true.` }),
  distanceUnit: NameEnum(APP_DISTANCE_UNITS, { description: `${s.distanceUnit} Default mi.` }),
  language: NameEnum(APP_LANGUAGES, { description: `${s.language} Default en.` }),
};

export const DriverApplicationSettings = Type.Object(
  {
    ...settingFields,
    isDefault: Type.Boolean({ description: 'True while the company has never saved its settings: the values are the defaults.' }),
  },
  { $id: 'DriverApplicationSettings', description: "The rules the driver app follows for the company's drivers." },
);
export type DriverApplicationSettingsT = Static<typeof DriverApplicationSettings>;

export const DriverApplicationSettingsInput = Type.Partial(Type.Object(settingFields), {
  description: 'DriverApplicationSettings as written: the settings to change; those not sent keep their values (isDefault is ignored).',
});
export type DriverApplicationSettingsInputT = Static<typeof DriverApplicationSettingsInput>;
