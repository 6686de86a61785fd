// Models of carriers (part 2, "Carriers"; fields not shown there, designed here for a US freight
// company): OutsourceCompanyDto and its create, update, list and validation shapes, and mappers.
import type { Selectable } from 'kysely';
import {
  DateTime,
  Day,
  FlagsEnum,
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
import { OutsourceCompanyContactInputFields, type OutsourceCompanyContactT } from './carrier-contacts.schemas.js';
import type { OutsourceCompaniesTable } from './carriers.tables.js';

/** OutsourceCompanyTypesOfWork (part 1, shared list parameters): how a carrier is paid. */
export const TYPES_OF_WORK = { Fixed: 1, Distance: 2, Hourly: 4, Pallets: 8 } as const;
export type TypeOfWorkName = keyof typeof TYPES_OF_WORK;
export const TypesOfWork = FlagsEnum(TYPES_OF_WORK, {
  description: 'How the carrier is paid: a fixed price per load, by distance, by the hour, by the pallet.',
});

export const INSURANCE_STATUSES = ['Unknown', 'Valid', 'ExpiringSoon', 'Expired'] as const;
export type InsuranceStatus = (typeof INSURANCE_STATUSES)[number];
/** Days before the expiry date from which insurance reads ExpiringSoon. */
export const INSURANCE_WARNING_DAYS = 30;

const Amount = (description: string) => Type.Number({ minimum: 0, maximum: 999999999999.99, description });
/** A day as answers write it; requests take the platform's Day (a date, or a date-time read as its UTC day). */
const DayAnswer = (description: string) => Type.String({ format: 'date', description: `${description} (YYYY-MM-DD).` });

const descriptions = {
  name: 'The name dispatchers know the carrier by (its DBA name).',
  legalName: 'The registered legal name, when it differs (as on the W-9 and the FMCSA record).',
  email: 'Dispatch email of the carrier; lower-cased.',
  phone: "Main phone; written in E.164 (+15125550142) when it is a valid number in the carrier's country (US when none).",
  mcNumber: 'FMCSA docket (operating authority) number, digits only; "MC-123456" is read as 123456. Unique among the company\'s carriers.',
  dotNumber: 'USDOT number, digits only; "USDOT 1234567" is read as 1234567. Unique among the company\'s carriers.',
  scac: 'Standard Carrier Alpha Code (NMFTA), 2 to 4 letters, upper-case.',
  website: 'Web site address.',
  insuranceProvider: "Insurer of the carrier's auto liability and cargo policies.",
  insurancePolicyNumber: 'Policy number on the certificate of insurance.',
  insuranceExpiresOn: 'Day the certificate of insurance expires',
  cargoInsuranceAmount: 'Cargo coverage per load, in US dollars.',
  liabilityInsuranceAmount: 'Auto liability coverage, in US dollars.',
  notes: 'Free notes (lanes, equipment, preferences).',
  isActive: 'False: kept and listed, but not to be given loads (insurance lapsed, blocked...). Default true.',
};

export const OutsourceCompanyAddress = MailingAddress("The carrier's office (mailing) address.", 'Suite, building.');

const AddressInput = MailingAddressInput();

export const OutsourceCompanyDto = Type.Object(
  {
    id: Id,
    name: Type.String({ description: descriptions.name }),
    legalName: Nullable(Type.String({ description: descriptions.legalName })),
    email: Nullable(Type.String({ description: descriptions.email })),
    phone: Nullable(Type.String({ description: descriptions.phone })),
    typesOfWork: TypesOfWork,
    typesOfWorkNames: Type.Array(NameEnum(Object.keys(TYPES_OF_WORK) as TypeOfWorkName[]), { description: 'typesOfWork spelled out.' }),
    mcNumber: Nullable(Type.String({ description: descriptions.mcNumber })),
    dotNumber: Nullable(Type.String({ description: descriptions.dotNumber })),
    scac: Nullable(Type.String({ description: descriptions.scac })),
    address: OutsourceCompanyAddress,
    website: Nullable(Type.String({ description: descriptions.website })),
    insuranceProvider: Nullable(Type.String({ description: descriptions.insuranceProvider })),
    insurancePolicyNumber: Nullable(Type.String({ description: descriptions.insurancePolicyNumber })),
    insuranceExpiresOn: Nullable(DayAnswer(descriptions.insuranceExpiresOn)),
    insuranceStatus: NameEnum(INSURANCE_STATUSES, {
      description: `From insuranceExpiresOn and today (UTC): Unknown (no date), Valid, ExpiringSoon (within ${INSURANCE_WARNING_DAYS} days), Expired.`,
    }),
    cargoInsuranceAmount: Nullable(Type.Number({ description: descriptions.cargoInsuranceAmount })),
    liabilityInsuranceAmount: Nullable(Type.Number({ description: descriptions.liabilityInsuranceAmount })),
    notes: Nullable(Type.String({ description: descriptions.notes })),
    isActive: Type.Boolean({ description: descriptions.isActive }),
    primaryContact: Nullable(Type.Ref('OutsourceCompanyContact', { description: 'The primary contact; null when the carrier has none.' })),
    createdAt: DateTime,
    updatedAt: DateTime,
    deletedAt: Nullable(
      Type.Unsafe<Date | string>({ type: 'string', format: 'date-time', description: 'When the carrier was deleted (restorable); null while it is live.' }),
    ),
  },
  { description: 'A carrier (outsource company): a trucking company loads are handed to.' },
);
export type OutsourceCompanyDtoT = Omit<Static<typeof OutsourceCompanyDto>, 'primaryContact'> & {
  primaryContact: OutsourceCompanyContactT | null;
};

export const OutsourceCompanyListDto = Type.Object(
  {
    id: Id,
    name: Type.String(),
    email: Nullable(Type.String()),
    phone: Nullable(Type.String()),
    typesOfWork: TypesOfWork,
    typesOfWorkNames: OutsourceCompanyDto.properties.typesOfWorkNames,
    mcNumber: Nullable(Type.String()),
    dotNumber: Nullable(Type.String()),
    scac: Nullable(Type.String()),
    city: Nullable(Type.String()),
    state: Nullable(Type.String()),
    country: Nullable(Type.String()),
    insuranceExpiresOn: Nullable(Type.String({ format: 'date' })),
    insuranceStatus: OutsourceCompanyDto.properties.insuranceStatus,
    isActive: Type.Boolean(),
    primaryContactName: Nullable(Type.String({ description: 'Name of the primary contact.' })),
    primaryContactPhone: Nullable(Type.String()),
    primaryContactEmail: Nullable(Type.String()),
    createdAt: DateTime,
    deletedAt: Nullable(Type.Unsafe<Date | string>({ type: 'string', format: 'date-time' })),
  },
  { $id: 'OutsourceCompanyListDto', description: 'A carrier in a list: its identity, authority numbers, place, insurance and primary contact.' },
);
export type OutsourceCompanyListDtoT = Static<typeof OutsourceCompanyListDto>;

const companyFields = {
  name: Type.String({ minLength: 1, maxLength: 200, description: descriptions.name }),
  legalName: Opt(Text(200, descriptions.legalName)),
  email: Opt(Type.String({ format: 'email', maxLength: 254, description: descriptions.email })),
  phone: Opt(Text(50, descriptions.phone)),
  typesOfWork: Opt(TypesOfWork),
  mcNumber: Opt(Type.String({ pattern: '^\\s*([Mm][Cc][\\s#-]*)?[0-9]{1,8}\\s*$', description: descriptions.mcNumber })),
  dotNumber: Opt(Type.String({ pattern: '^\\s*(([Uu][Ss])?\\s*[Dd][Oo][Tt][\\s#-]*)?[0-9]{1,8}\\s*$', description: descriptions.dotNumber })),
  scac: Opt(Type.String({ pattern: '^\\s*[A-Za-z]{2,4}\\s*$', description: descriptions.scac })),
  address: Opt(AddressInput),
  website: Opt(Text(300, descriptions.website)),
  insuranceProvider: Opt(Text(200, descriptions.insuranceProvider)),
  insurancePolicyNumber: Opt(Text(100, descriptions.insurancePolicyNumber)),
  insuranceExpiresOn: Opt(Day({ description: descriptions.insuranceExpiresOn })),
  cargoInsuranceAmount: Opt(Amount(descriptions.cargoInsuranceAmount)),
  liabilityInsuranceAmount: Opt(Amount(descriptions.liabilityInsuranceAmount)),
  notes: Opt(Text(4000, descriptions.notes)),
  isActive: Opt(Type.Boolean({ description: descriptions.isActive })),
};

export const OutsourceCompanyCreateDto = Type.Object(
  {
    ...companyFields,
    contacts: Opt(
      Type.Array(Type.Object(OutsourceCompanyContactInputFields), {
        maxItems: 50,
        description: 'Contacts to add with the carrier; the first (or the one with isPrimary) is primary.',
      }),
    ),
  },
  { $id: 'OutsourceCompanyCreateDto' },
);
export type OutsourceCompanyCreateDtoT = Static<typeof OutsourceCompanyCreateDto>;

export const OutsourceCompanyUpdateDto = Type.Object(
  {
    ...companyFields,
    name: Type.Optional(companyFields.name),
  },
  {
    $id: 'OutsourceCompanyUpdateDto',
    description: 'The fields to change; fields not sent are kept, null clears one (name cannot be cleared). Contacts change through /OutsourceCompanyContacts.',
  },
);
export type OutsourceCompanyUpdateDtoT = Static<typeof OutsourceCompanyUpdateDto>;

/** What ValidateOutsourceCompany reads: the create fields, none required (what is missing is reported). */
export const OutsourceCompanyToValidate = Type.Object({
  ...companyFields,
  id: Opt(Type.Integer({ format: 'int32', description: 'The carrier being edited, if any: not a duplicate of itself.' })),
  name: Opt(companyFields.name),
});
export type OutsourceCompanyToValidateT = Static<typeof OutsourceCompanyToValidate>;

export const CARRIER_DUPLICATE_REASONS = ['Name', 'McNumber', 'DotNumber'] as const;

export const ValidateOutsourceCompanyDto = Type.Object(
  {
    isValid: Type.Boolean({ description: 'True when nothing is missing or wrong and no carrier duplicates it.' }),
    duplicates: Type.Array(
      Type.Object({
        id: Id,
        name: Type.String(),
        reason: NameEnum(CARRIER_DUPLICATE_REASONS, {
          description: 'Name: the same name once case, punctuation and legal suffixes (Inc, LLC...) are ignored; McNumber, DotNumber: the same number.',
        }),
      }),
      { description: "The company's live carriers it duplicates, one entry per carrier and reason." },
    ),
    missing: Type.Array(Type.String(), {
      description:
        'Fields missing: name, phone (no phone nor email to reach the carrier), dotNumber (neither USDOT nor MC number), typesOfWork, insuranceExpiresOn.',
    }),
    messages: Type.Array(Type.String(), { description: 'Every problem found, in English (also an invalid phone, an expired insurance).' }),
  },
  { $id: 'ValidateOutsourceCompanyDto', description: 'What ValidateOutsourceCompany found. It writes nothing.' },
);
export type ValidateOutsourceCompanyDtoT = Static<typeof ValidateOutsourceCompanyDto>;

export const OutsourceCompaniesQuery = Type.Object({
  ...SharedListParams,
  isActive: Type.Optional(Type.Boolean({ description: 'Only active (true) or only inactive (false) carriers; both when absent.' })),
  includeDeleted: Type.Optional(Type.Boolean({ description: 'Also list deleted carriers (to restore one). Default false.' })),
});
export type OutsourceCompaniesQueryT = Static<typeof OutsourceCompaniesQuery>;

export const IdParams = Type.Object({ id: Id });
export const IdsQuery = Type.Object({
  ids: Type.Array(Id, { minItems: 1, maxItems: 1000, description: 'Send several by repeating the parameter (?ids=1&ids=2).' }),
});
export const ReadQuery = Type.Object({ includeDeleted: Type.Optional(Type.Boolean({ description: 'Read a deleted carrier too. Default false.' })) });

/** A carrier as read (its name key is for duplicate lookups only). */
export type OutsourceCompanyRow = Omit<Selectable<OutsourceCompaniesTable>, 'company_id' | 'name_key'>;

export interface OutsourceCompanyListRow
  extends Pick<
    OutsourceCompanyRow,
    | 'id'
    | 'name'
    | 'email'
    | 'phone'
    | 'types_of_work'
    | 'mc_number'
    | 'dot_number'
    | 'scac'
    | 'city'
    | 'state'
    | 'country'
    | 'insurance_expires_on'
    | 'is_active'
    | 'created_at'
    | 'deleted_at'
  > {
  primary_name: string | null;
  primary_phone: string | null;
  primary_email: string | null;
}

export function typeOfWorkNames(flags: number): TypeOfWorkName[] {
  return (Object.entries(TYPES_OF_WORK) as Array<[TypeOfWorkName, number]>).filter(([, bit]) => (flags & bit) === bit).map(([name]) => name);
}

export function insuranceStatus(expiresOn: string | null, today = new Date()): InsuranceStatus {
  if (!expiresOn) return 'Unknown';
  const day = today.toISOString().slice(0, 10);
  if (expiresOn < day) return 'Expired';
  const warn = new Date(today.getTime() + INSURANCE_WARNING_DAYS * 86_400_000).toISOString().slice(0, 10);
  return expiresOn <= warn ? 'ExpiringSoon' : 'Valid';
}

export function toOutsourceCompany(r: OutsourceCompanyRow, primaryContact: OutsourceCompanyContactT | null): OutsourceCompanyDtoT {
  return {
    id: r.id,
    name: r.name,
    legalName: r.legal_name,
    email: r.email,
    phone: r.phone,
    typesOfWork: r.types_of_work,
    typesOfWorkNames: typeOfWorkNames(r.types_of_work),
    mcNumber: r.mc_number,
    dotNumber: r.dot_number,
    scac: r.scac,
    address: { street: r.street, street2: r.street2, city: r.city, state: r.state, postalCode: r.postal_code, country: r.country },
    website: r.website,
    insuranceProvider: r.insurance_provider,
    insurancePolicyNumber: r.insurance_policy_number,
    insuranceExpiresOn: r.insurance_expires_on,
    insuranceStatus: insuranceStatus(r.insurance_expires_on),
    cargoInsuranceAmount: r.cargo_insurance_amount,
    liabilityInsuranceAmount: r.liability_insurance_amount,
    notes: r.notes,
    isActive: r.is_active,
    primaryContact,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    deletedAt: r.deleted_at,
  };
}

export function toOutsourceCompanyListItem(r: OutsourceCompanyListRow): OutsourceCompanyListDtoT {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    typesOfWork: r.types_of_work,
    typesOfWorkNames: typeOfWorkNames(r.types_of_work),
    mcNumber: r.mc_number,
    dotNumber: r.dot_number,
    scac: r.scac,
    city: r.city,
    state: r.state,
    country: r.country,
    insuranceExpiresOn: r.insurance_expires_on,
    insuranceStatus: insuranceStatus(r.insurance_expires_on),
    isActive: r.is_active,
    primaryContactName: r.primary_name,
    primaryContactPhone: r.primary_phone,
    primaryContactEmail: r.primary_email,
    createdAt: r.created_at,
    deletedAt: r.deleted_at,
  };
}
