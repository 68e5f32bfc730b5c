// The timeline module's public face (decision 039): a person's history for staff, read from every module (decision 061).
export { timelineRoutes } from './timeline.routes.js';
export { createTimelineService, type TimelineService } from './timeline.service.js';
