// Personal API tokens as the API shows them (designed: the spec lists API tokens as planned).
// The secret is in the create's answer only; lists show its prefix.
import { DateTime, Nullable, type Static, Type, UserId } from '../../platform/schemas.js';

export const ApiToken = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    name: Type.String(),
    prefix: Type.String({ description: 'The first characters of the secret (fds_<company>_...), to recognise it by.' }),
    userId: UserId,
    userEmail: Type.String(),
    roles: Type.Array(Type.String(), { description: 'The roles it is bound to: it may do what they allow, while its user holds them.' }),
    createdAt: DateTime,
    expiresAt: Nullable(DateTime),
    revokedAt: Nullable(DateTime),
    lastUsedAt: Nullable(DateTime),
    lastUsedAddress: Nullable(Type.String()),
  },
  { $id: 'ApiToken' },
);
export type ApiTokenT = Static<typeof ApiToken>;

export const NewApiToken = Type.Object(
  {
    token: ApiToken,
    secret: Type.String({ description: 'Sent as `Authorization: Bearer <secret>`. Shown this once: only its hash is kept.' }),
  },
  { $id: 'NewApiToken' },
);
export type NewApiTokenT = Static<typeof NewApiToken>;

export const ApiTokenInput = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100, description: 'What it is for: "Shipper portal", "QuickBooks bridge".' }),
  roles: Type.Array(Type.String({ minLength: 1 }), {
    minItems: 1,
    maxItems: 20,
    description: "Role names (any case), each one the user's: the token does what they allow, never more than its user.",
  }),
  expiresAt: Type.Optional(Nullable(DateTime)),
});
export type ApiTokenInputT = Static<typeof ApiTokenInput>;

export const ApiTokensQuery = Type.Object({
  all: Type.Optional(Type.Boolean({ default: false, description: "Every token of the company (Company Admin); else the user's own." })),
});

export const ApiTokenParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

export interface ApiTokenRow {
  id: string;
  name: string;
  prefix: string;
  user_id: string;
  user_email: string;
  role_names: string[];
  created_at: Date;
  expires_at: Date | null;
  revoked_at: Date | null;
  last_used_at: Date | null;
  last_used_ip: string | null;
}

export const toApiToken = (r: ApiTokenRow): ApiTokenT => ({
  id: r.id,
  name: r.name,
  prefix: r.prefix,
  userId: r.user_id,
  userEmail: r.user_email,
  roles: r.role_names,
  createdAt: r.created_at.toISOString(),
  expiresAt: r.expires_at?.toISOString() ?? null,
  revokedAt: r.revoked_at?.toISOString() ?? null,
  lastUsedAt: r.last_used_at?.toISOString() ?? null,
  lastUsedAddress: r.last_used_ip,
});
