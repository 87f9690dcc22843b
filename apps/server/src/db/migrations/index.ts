import type { Migration } from 'kysely';
import * as m20261122001 from './2026-11-22-001-whitelabel.js';
import * as m20261122002 from './2026-11-22-002-catalogue.js';
import * as m20261123003 from './2026-11-23-003-accounts.js';
import * as m20261123004 from './2026-11-23-004-identity.js';
import * as m20261123005 from './2026-11-23-005-playback.js';
import * as m20261124006 from './2026-11-24-006-identity-registration.js';
import * as m20261125007 from './2026-11-25-007-pin-attempts.js';
import * as m20261126008 from './2026-11-26-008-programmes.js';
import * as m20261127009 from './2026-11-27-009-recordings.js';
import * as m20261128010 from './2026-11-28-010-analytics.js';
import * as m20261128011 from './2026-11-28-011-display-ads.js';
import * as m20261128012 from './2026-11-28-012-crashes.js';
import * as m20261128013 from './2026-11-28-013-staff-role.js';
import * as m20261129015 from './2026-11-29-015-followed-tags.js';
import * as m20261129016 from './2026-11-29-016-activation.js';
import * as m20261130017 from './2026-11-30-017-tv-provider.js';
import * as m20261202021 from './2026-12-02-021-session-sign-in.js';
import * as m20261202022 from './2026-12-02-022-spent-media-tokens.js';

/**
 * Every migration, by name; names sort in execution order. A static object (not a folder scan)
 * so the compiled server runs from dist/ without globbing. Add new files at the end.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-22-001-whitelabel': m20261122001,
  '2026-11-22-002-catalogue': m20261122002,
  '2026-11-23-003-accounts': m20261123003,
  '2026-11-23-004-identity': m20261123004,
  '2026-11-23-005-playback': m20261123005,
  '2026-11-24-006-identity-registration': m20261124006,
  '2026-11-25-007-pin-attempts': m20261125007,
  '2026-11-26-008-programmes': m20261126008,
  '2026-11-27-009-recordings': m20261127009,
  '2026-11-28-010-analytics': m20261128010,
  '2026-11-28-011-display-ads': m20261128011,
  '2026-11-28-012-crashes': m20261128012,
  '2026-11-28-013-staff-role': m20261128013,
  '2026-11-29-015-followed-tags': m20261129015,
  '2026-11-29-016-activation': m20261129016,
  '2026-11-30-017-tv-provider': m20261130017,
  '2026-12-02-021-session-sign-in': m20261202021,
  '2026-12-02-022-spent-media-tokens': m20261202022,
};
