/**
 * What features add to one another (record tabs and page parts, search bulk actions),
 * registered where features meet. Loaded with a screen (./resources.tsx), never in the
 * start-up bundle: each registration names feature code that only screens need.
 */
import './record-tabs';
import './record-extensions';
import './search-actions';
