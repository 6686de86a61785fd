// Models of the drivers' checks that write nothing (part 2, "Drivers": ValidateDriverDto,
// ValidateDriverDisableDto; fields not shown there): what a driver's record lacks or repeats, and
// what disabling drivers would affect. The disable preview counts routes for dispatch to fill.
import { Id, NameEnum, Opt, type Static, Type } from '../../platform/schemas.js';
import { DRIVER_STATUSES, driverFields } from './drivers.schemas.js';

export const DRIVER_DUPLICATE_REASONS = ['Email', 'Phone', 'LicenseNumber'] as const;

/** What ValidateDriver reads: the driver's fields, none required (what is missing is reported), and
 *  email and phone as plain text (an invalid one is reported, not refused). */
export const DriverToValidate = Type.Object({
  ...driverFields,
  id: Opt(Type.Integer({ format: 'int32', description: "The driver being edited, if any: not a duplicate of itself. Must be one of the company's drivers." })),
  firstName: Opt(driverFields.firstName),
  lastName: Opt(driverFields.lastName),
  email: Opt(Type.String({ maxLength: 254, description: 'Email; an invalid one is reported.' })),
});
export type DriverToValidateT = Static<typeof DriverToValidate>;

export const MISSING_TEXT =
  'Fields a driver needs before dispatch: firstName, lastName, phone (dispatch calls and texts the driver), email (the driver app signs in with it), ' +
  'licenseNumber, licenseState, licenseExpiresOn, outsourceCompanyId (Outsource drivers), payout (drivers who are not Outsource) and the rates its type needs ' +
  '(payout.hourlyRate...), medicalCardExpiresOn (holders of a commercial license type).';

export const ValidateDriverDto = Type.Object(
  {
    isValid: Type.Boolean({
      description: 'True when nothing is missing or wrong and no live driver has the same email, phone or license number. Warnings do not count.',
    }),
    duplicates: Type.Array(
      Type.Object({
        id: Id,
        name: Type.String({ description: "The other driver's first and last name." }),
        reason: NameEnum(DRIVER_DUPLICATE_REASONS, {
          description: 'What they share, compared normalized: Email (lower-cased), Phone (E.164), LicenseNumber (upper-case without spaces or dashes).',
        }),
      }),
      {
        description:
          "The company's live drivers it duplicates, one entry per driver and reason. A duplicate email or license number is refused on save; a phone is not.",
      },
    ),
    missing: Type.Array(Type.String(), { description: MISSING_TEXT }),
    messages: Type.Array(Type.String(), {
      description:
        'Every problem found, in English: the missing fields, an invalid email or phone, an expired license, medical card or TWIC, ' +
        'a carrier, license type, truck or warehouse the company does not have, a type that does not go with its carrier.',
    }),
    warnings: Type.Array(Type.String(), {
      description:
        'What is worth knowing but not wrong: a license, medical card or TWIC expiring within 30 days; a commercial license holder under 21 ' +
        '(interstate driving needs 21, 49 CFR 391.11).',
    }),
  },
  { $id: 'ValidateDriverDto', description: 'What ValidateDriver found. It writes nothing.' },
);
export type ValidateDriverDtoT = Static<typeof ValidateDriverDto>;

const ROUTES_TEXT = 'Counted over every day.';

const counts = {
  openStatusChecks: Type.Integer({
    description: "Truck inspections not closed (Pending, Failed, Maintenance): the truck waits on the driver's re-inspection or a repair sign-off.",
  }),
  activeRoutes: Type.Integer({ description: `Routes the driver has started and not completed: disabling leaves them without a driver. ${ROUTES_TEXT}` }),
  pendingRoutes: Type.Integer({
    description: `Routes assigned to the driver and not started (PUT /Drivers/ChangeStatus/{status}?unassignPendingRoutes=true takes the driver off them). ${ROUTES_TEXT}`,
  }),
};

export const ValidateDriverDisableDto = Type.Object(
  {
    canDisable: Type.Boolean({
      description:
        'True when nothing stands in the way of disabling every driver named. False when a deleted driver named cannot come back as Disabled: a live driver, or another driver named, has its email or license number (PUT /Drivers/ChangeStatus/Disabled would refuse it, as its messages say). Routes the driver has do not stop it (activeRoutes, pendingRoutes).',
    }),
    drivers: Type.Array(
      Type.Object({
        driverId: Id,
        fullName: Type.String(),
        status: NameEnum(DRIVER_STATUSES, { description: "The driver's record status now." }),
        alreadyDisabled: Type.Boolean({ description: 'The driver is Disabled already: disabling changes nothing.' }),
        ...counts,
      }),
      { description: 'Each driver named, in id order.' },
    ),
    ...counts,
    messages: Type.Array(Type.String(), {
      description: 'What disabling would affect, in English: open inspections, routes driven now or not started, a deleted driver restored.',
    }),
  },
  {
    $id: 'ValidateDriverDisableDto',
    description: "What disabling the drivers named would affect; writes nothing. The top-level counts are the drivers' totals.",
  },
);
export type ValidateDriverDisableDtoT = Static<typeof ValidateDriverDisableDto>;
