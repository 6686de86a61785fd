// Every migration, in order. A landed migration is never edited; a change is a new file here.
import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation.js';

export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
};
