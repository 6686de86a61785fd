// The users area's part of the conventions walk (test/helpers/walk.ts says what each holds).
import type { AreaWalk } from '../walk.js';

export const usersWalk: AreaWalk = {
  factories: {},
};
