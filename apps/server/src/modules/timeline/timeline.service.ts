import type { Db } from '../../db/client.js';
import { readPersonTimeline } from '../../flows/person-timeline.flow.js';
import { bindDependencies } from '../../lib/service-object.js';

/**
 * The timeline module's service, built once by `buildApp` with its database (decision 067): a person's timeline for
 * staff. The reading is the flow's, which asks every module (decision 061).
 */
export const createTimelineService = (deps: { db: Db }) => bindDependencies(deps, { readPersonTimeline });
export type TimelineService = ReturnType<typeof createTimelineService>;
