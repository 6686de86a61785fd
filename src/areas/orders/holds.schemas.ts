// Holds: a stop kept from moving (a customer's request, a missing document, damage found) with who
// held it, when and why, and who released it.
import { DateTime, Id, NameEnum, Nullable, Opt, type Static, Text, Type, UserId } from '../../platform/schemas.js';
import { STOP_TYPES } from './orders.schemas.js';

export const OrderHold = Type.Object(
  {
    id: Id,
    orderId: Id,
    stopId: Id,
    stopType: NameEnum(STOP_TYPES),
    reason: Type.String(),
    heldBy: UserId,
    heldAt: DateTime,
    isActive: Type.Boolean({ description: 'Not released yet.' }),
    releasedBy: Nullable(UserId),
    releasedAt: Nullable(DateTime),
    releaseNote: Nullable(Type.String()),
  },
  { $id: 'OrderHold' },
);
export type OrderHoldT = Static<typeof OrderHold>;

export const HoldInput = Type.Object({
  reason: Type.String({ minLength: 1, maxLength: 1000, description: 'Why the order is held (shown to dispatchers and drivers).' }),
});
export type HoldInputT = Static<typeof HoldInput>;

export const ReleaseInput = Type.Object({
  note: Opt(Text(1000, 'How the hold was resolved.')),
});
export type ReleaseInputT = Static<typeof ReleaseInput>;
