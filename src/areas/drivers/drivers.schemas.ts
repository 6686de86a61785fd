// Models of drivers (part 2, "Drivers": Driver; core fields in the contract, the rest designed here
// for a US freight company): identity and contact, the two status axes, the driver's type and
// carrier, licensing (license, medical card, TWIC, hazmat), home terminal, default truck, payout.
import type { Selectable } from 'kysely';
import {
  DateTime,
  Day,
  Id,
  MailingAddress,
  MailingAddressInput,
  NameEnum,
  Nullable,
  Opt,
  SharedListParams,
  type Static,
  Text,
  Type,
} from '../../platform/schemas.js';
import { DriverPayout, DriverPayoutInput, toDriverPayout } from './driver-payout.js';
import type { DriversTable } from './drivers.tables.js';

export const DRIVER_STATUSES = ['Active', 'Inactive', 'Deleted', 'Draft', 'New', 'Invited', 'Disabled'] as const;
export type DriverStatus = (typeof DRIVER_STATUSES)[number];
export const APPROVAL_STATUSES = ['New', 'Approved', 'Blocked', 'Deactivated'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
export const DRIVER_TYPES = ['Default', 'Outsource', 'Mixed'] as const;
export type DriverType = (typeof DRIVER_TYPES)[number];

export const STATUS_TEXT =
  "The record's status. Active: works and can be dispatched; Inactive: off for a while (leave, season); Deleted: deleted, restorable " +
  '(PUT /Drivers/Restore/{id}); Draft: being entered; New: entered, not yet invited to the driver app; Invited: invited to the driver app (POST /Drivers/{id}/Invite), ' +
  'not yet signed in; Disabled: barred from work by the company. Changed in bulk by PUT /Drivers/ChangeStatus/{status}.';
export const APPROVAL_TEXT =
  "The company's approval of the driver (driver qualification: background check, MVR, drug test), apart from the record's status. " +
  'New: not yet reviewed; Approved: cleared to drive; Blocked: refused; Deactivated: approval withdrawn. Changed by POST /Drivers/ChangeDriverStatus.';
export const TYPE_TEXT =
  "Default: the company's own driver; Outsource: a carrier's driver (outsourceCompanyId required), paid through the carrier; " +
  "Mixed: drives both the company's loads and a carrier's (an owner-operator leased on, say); outsourceCompanyId optional.";

const d = {
  firstName: 'Given name.',
  lastName: 'Family name.',
  email: 'Email, lower-cased; unique among live drivers (the driver app signs in with it and invitations go to it).',
  phone: "Mobile phone in E.164 (+15125550142); a number without + is read in the driver's address country (US when none). An invalid number is refused.",
  outsourceCompanyId:
    "The carrier the driver belongs to: required for Outsource, optional for Mixed, none for Default. Must be one of the company's live carriers.",
  licenseNumber: "Driver's license number, upper-case without spaces or dashes; unique among live drivers.",
  licenseState: 'State or province that issued the license (TX).',
  licenseExpiresOn: 'Day the license expires',
  licenseTypeId: "The license's type, from the company's list (/LicenseTypes).",
  hazmatEndorsement: 'Holds a hazardous materials endorsement (H or X on a CDL). Default false.',
  medicalCardExpiresOn: "Day the DOT medical examiner's certificate expires (required to drive on a CDL)",
  twicExpiresOn: 'Day the Transportation Worker Identification Credential expires (port access); null: none',
  dateOfBirth: 'Date of birth; not in the future',
  hireDate: 'Day the driver started with the company',
  homeWarehouseId: "The driver's home terminal: one of the company's warehouses (/Warehouses). Deleting the warehouse clears it.",
  defaultTruckId: "The truck the driver usually drives: one of the company's live trucks (/Trucks). Dispatch proposes it. Deleting the truck clears it.",
  notes: 'Free notes.',
};

const DriverAddress = MailingAddress("The driver's home (mailing) address.", 'Apartment, suite.');

const EmergencyContact = Type.Object(
  {
    name: Nullable(Type.String()),
    phone: Nullable(Type.String({ description: "E.164 when valid, read like the driver's phone." })),
    relationship: Nullable(Type.String({ description: 'Spouse, parent...' })),
  },
  { description: 'Whom to call in an emergency.' },
);

export const Driver = Type.Object(
  {
    id: Id,
    firstName: Type.String({ description: d.firstName }),
    lastName: Type.String({ description: d.lastName }),
    fullName: Type.String({ description: 'First and last name.' }),
    email: Nullable(Type.String({ description: d.email })),
    phone: Nullable(Type.String({ description: d.phone })),
    status: NameEnum(DRIVER_STATUSES, { description: STATUS_TEXT }),
    approvalStatus: NameEnum(APPROVAL_STATUSES, { description: APPROVAL_TEXT }),
    type: NameEnum(DRIVER_TYPES, { description: TYPE_TEXT }),
    outsourceCompanyId: Nullable(Type.Integer({ format: 'int32', description: d.outsourceCompanyId })),
    outsourceCompanyName: Nullable(Type.String({ description: "The carrier's name." })),
    licenseNumber: Nullable(Type.String({ description: d.licenseNumber })),
    licenseState: Nullable(Type.String({ description: d.licenseState })),
    licenseExpiresOn: Nullable(Day({ description: d.licenseExpiresOn })),
    licenseTypeId: Nullable(Type.Integer({ format: 'int32', description: d.licenseTypeId })),
    licenseTypeName: Nullable(Type.String({ description: "The license type's name." })),
    hazmatEndorsement: Type.Boolean({ description: d.hazmatEndorsement }),
    medicalCardExpiresOn: Nullable(Day({ description: d.medicalCardExpiresOn })),
    twicExpiresOn: Nullable(Day({ description: d.twicExpiresOn })),
    dateOfBirth: Nullable(Day({ description: d.dateOfBirth })),
    hireDate: Nullable(Day({ description: d.hireDate })),
    address: DriverAddress,
    emergencyContact: EmergencyContact,
    homeWarehouseId: Nullable(Type.Integer({ format: 'int32', description: d.homeWarehouseId })),
    homeWarehouseName: Nullable(Type.String({ description: "The home terminal's name." })),
    defaultTruckId: Nullable(Type.Integer({ format: 'int32', description: d.defaultTruckId })),
    defaultTruckName: Nullable(Type.String({ description: "The default truck's unit name." })),
    payout: Nullable(DriverPayout),
    notes: Nullable(Type.String({ description: d.notes })),
    invitedAt: Nullable(Type.Unsafe<Date | string>({ type: 'string', format: 'date-time', description: 'When the latest driver app invitation was written.' })),
    createdAt: DateTime,
    updatedAt: DateTime,
    deletedAt: Nullable(
      Type.Unsafe<Date | string>({
        type: 'string',
        format: 'date-time',
        description: 'When the driver was deleted (status Deleted, restorable); null otherwise.',
      }),
    ),
    availability: Type.Optional(
      Nullable(
        Type.Object(
          {
            status: NameEnum(['Free', 'Planned', 'OnRoute'] as const),
            routeId: Nullable(Type.Integer({ format: 'int32' })),
            routeName: Nullable(Type.String()),
          },
          {
            description:
              'GET /Drivers with includeDriverAvailability=true: on the day (Date, else today UTC) Free (no active route), Planned (a route Planned or Next) or OnRoute (InProgress), with the route.',
          },
        ),
      ),
    ),
  },
  { $id: 'Driver', description: 'A driver of the company or of one of its carriers.' },
);
export type DriverT = Static<typeof Driver>;

const AddressInput = MailingAddressInput("The driver's home address; sent whole (null clears it).");

const EmergencyContactInput = Type.Object(
  {
    name: Opt(Text(200)),
    phone: Opt(Text(50)),
    relationship: Opt(Text(100)),
  },
  { description: 'Whom to call in an emergency; sent whole (null clears it).' },
);

export const driverFields = {
  firstName: Type.String({ minLength: 1, maxLength: 100, description: d.firstName }),
  lastName: Type.String({ minLength: 1, maxLength: 100, description: d.lastName }),
  email: Opt(Type.String({ format: 'email', maxLength: 254, description: d.email })),
  phone: Opt(Text(50, d.phone)),
  status: Opt(NameEnum(DRIVER_STATUSES, { description: `${STATUS_TEXT} Default Active; Deleted cannot be given (DELETE /Drivers).` })),
  approvalStatus: Opt(NameEnum(APPROVAL_STATUSES, { description: `${APPROVAL_TEXT} Default New.` })),
  type: Opt(NameEnum(DRIVER_TYPES, { description: `${TYPE_TEXT} Default Default.` })),
  outsourceCompanyId: Opt(Type.Integer({ format: 'int32', description: d.outsourceCompanyId })),
  licenseNumber: Opt(
    Type.String({ maxLength: 40, pattern: '^[A-Za-z0-9\\s-]*$', description: `${d.licenseNumber} Letters, digits, spaces and dashes are accepted.` }),
  ),
  licenseState: Opt(Text(20, d.licenseState)),
  licenseExpiresOn: Opt(Day({ description: d.licenseExpiresOn })),
  licenseTypeId: Opt(Type.Integer({ format: 'int32', description: d.licenseTypeId })),
  hazmatEndorsement: Opt(Type.Boolean({ description: d.hazmatEndorsement })),
  medicalCardExpiresOn: Opt(Day({ description: d.medicalCardExpiresOn })),
  twicExpiresOn: Opt(Day({ description: d.twicExpiresOn })),
  dateOfBirth: Opt(Day({ description: d.dateOfBirth })),
  hireDate: Opt(Day({ description: d.hireDate })),
  address: Opt(AddressInput),
  emergencyContact: Opt(EmergencyContactInput),
  homeWarehouseId: Opt(Type.Integer({ format: 'int32', description: d.homeWarehouseId })),
  defaultTruckId: Opt(Type.Integer({ format: 'int32', description: d.defaultTruckId })),
  payout: Opt(DriverPayoutInput),
  notes: Opt(Text(4000, d.notes)),
};

export const DriverInput = Type.Object(driverFields, { description: 'A driver to add: firstName and lastName are required.' });
export type DriverInputT = Static<typeof DriverInput>;

export const DriverUpdate = Type.Object(
  {
    ...driverFields,
    id: Opt(Type.Integer({ format: 'int32', description: 'Ignored: the path names the driver.' })),
    firstName: Type.Optional(driverFields.firstName),
    lastName: Type.Optional(driverFields.lastName),
  },
  {
    description:
      'Driver as written: the fields to change; fields not sent are kept, null clears one (names cannot be cleared). address, emergencyContact and payout are replaced whole.',
  },
);
export type DriverUpdateT = Static<typeof DriverUpdate>;

export const DriversQuery = Type.Object({
  ...SharedListParams,
  deletedDrivers: Type.Optional(
    Type.Boolean({ description: 'Also list deleted drivers (to restore one). Default false. DriverStatus=Deleted lists them as well.' }),
  ),
  driversOnRoute: Type.Optional(
    Type.Boolean({
      description:
        'true: only drivers with an active route (Planned, Next, InProgress) on the day (Date, else today UTC); false: only those without; absent: all.',
    }),
  ),
  includeDriverAvailability: Type.Optional(Type.Boolean({ default: false, description: "Each driver's availability on the day (Date, else today UTC)." })),
});
export type DriversQueryT = Static<typeof DriversQuery>;

export const IdParams = Type.Object({ id: Id });
export const IdsBody = Type.Array(Id, { minItems: 1, maxItems: 1000, description: 'Driver ids.' });
export const CreateQuery = Type.Object({
  sendEmail: Type.Optional(
    Type.Boolean({ description: "Also write the driver app invitation to the driver's email (as POST /Drivers/{id}/Invite). Default false." }),
  ),
});
export const ChangeStatusParams = Type.Object({ status: NameEnum(DRIVER_STATUSES, { description: 'The new record status (name or position).' }) });
export const ChangeStatusQuery = Type.Object({
  unassignPendingRoutes: Type.Optional(
    Type.Boolean({
      description: 'Take the drivers off the routes they have not started (Planned, Next). Default false.',
    }),
  ),
});
export const ChangeApprovalQuery = Type.Object({
  driverStatus: NameEnum(APPROVAL_STATUSES, { description: 'The new approval status.' }),
  id: Id,
});

/** A driver row as read, with the names of what it points at (the invitation code stays in the table). */
export type DriverRow = Omit<Selectable<DriversTable>, 'company_id' | 'invitation_token_hash' | 'invitation_expires_at'> & {
  carrier_name: string | null;
  license_type_name: string | null;
  warehouse_name: string | null;
  truck_name: string | null;
};

export const fullName = (r: { first_name: string; last_name: string }) => `${r.first_name} ${r.last_name}`;

export function toDriver(r: DriverRow): DriverT {
  return {
    id: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    fullName: fullName(r),
    email: r.email,
    phone: r.phone,
    status: r.status as DriverStatus,
    approvalStatus: r.approval_status as ApprovalStatus,
    type: r.type as DriverType,
    outsourceCompanyId: r.outsource_company_id,
    outsourceCompanyName: r.carrier_name,
    licenseNumber: r.license_number,
    licenseState: r.license_state,
    licenseExpiresOn: r.license_expires_on,
    licenseTypeId: r.license_type_id,
    licenseTypeName: r.license_type_name,
    hazmatEndorsement: r.hazmat_endorsement,
    medicalCardExpiresOn: r.medical_card_expires_on,
    twicExpiresOn: r.twic_expires_on,
    dateOfBirth: r.date_of_birth,
    hireDate: r.hire_date,
    address: { street: r.street, street2: r.street2, city: r.city, state: r.state, postalCode: r.postal_code, country: r.country },
    emergencyContact: { name: r.emergency_contact_name, phone: r.emergency_contact_phone, relationship: r.emergency_contact_relationship },
    homeWarehouseId: r.home_warehouse_id,
    homeWarehouseName: r.warehouse_name,
    defaultTruckId: r.default_truck_id,
    defaultTruckName: r.truck_name,
    payout: toDriverPayout(r),
    notes: r.notes,
    invitedAt: r.invited_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    deletedAt: r.deleted_at,
  };
}
