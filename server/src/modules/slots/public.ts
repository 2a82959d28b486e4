/** What other modules may ask of interview slots: how many an enterprise opened at its booths. */
export { boothSlotCounts } from './repo.js';
