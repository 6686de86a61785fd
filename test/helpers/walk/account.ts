// The account area's part of the conventions walk (test/helpers/walk.ts says what each holds). Its
// signed-in routes take no ids (the user and the company are the session's); its public ones (sign
// in, accept an invitation) have no company transaction and are not walked: their audit row is
// tested in test/areas/account.test.ts.
import type { AreaWalk } from '../walk.js';

export const accountWalk: AreaWalk = {
  factories: {},
};
