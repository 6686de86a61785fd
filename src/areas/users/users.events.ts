// What the users area announces about its members (platform/events.ts): other areas keep rows of
// a member (API tokens) and end them themselves when told, in the same transaction.
import { companyEvent } from '../../platform/events.js';

/** A user was removed from the company: what it held in the company ends with it. */
export const memberRemoved = companyEvent<{ userId: string }>('users.member_removed');
