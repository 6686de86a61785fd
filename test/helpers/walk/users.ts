// The users-and-roles area's part of the conventions walk: members of the company (users are
// global, keyed by strings; a company knows them by membership) and roles.
import { randomUUID } from 'node:crypto';
import { call } from '../app.js';
import { createUser } from '../factories.js';
import type { AreaWalk, Factory } from '../walk.js';

/** A member of the session's company, holding Dispatcher. */
const user: Factory = async (t, s) => (await createUser(t, s.companyId, 'Dispatcher', 'Walk User')).userId;

/** A role of the session's company (no route makes one: written as the CLI's provisioning would). */
const role: Factory = async (t, s) =>
  (
    await t.database.db
      .insertInto('roles')
      .values({ company_id: s.companyId, name: `Walk role ${randomUUID().slice(0, 8)}` })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

export const usersWalk: AreaWalk = {
  factories: { user, role },
  cases: {
    // A disabled member, so that enabling changes something.
    'PUT /Settings/Users/:id/enable': async ({ t, admin }) => {
      const id = await user(t, admin);
      const res = await call(t, 'PUT', `/api/v1/Settings/Users/${id}/disable`, { token: admin.token });
      if (res.status !== 200) throw new Error(`user not disabled: ${res.status}`);
      return { params: { id } };
    },
  },
};
