// The API tokens area's part of the conventions walk (test/helpers/walk.ts says what each holds).
import { call } from '../app.js';
import type { AreaWalk, Factory } from '../walk.js';

/** A token of the session's user, bound to its Company Admin role (the walk signs in admins). */
const apiToken: Factory = async (t, s) => {
  const res = await call(t, 'POST', '/api/v1/Settings/ApiTokens', { token: s.token, body: { name: 'Walk', roles: ['Company Admin'] } });
  if (res.status !== 200) throw new Error(`API token not made: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.token.id;
};

export const apiTokensWalk: AreaWalk = {
  factories: { api_token: apiToken },
  cases: {
    'POST /Settings/ApiTokens': async () => ({ body: { name: 'Walk', roles: ['Company Admin'] } }),
  },
};
