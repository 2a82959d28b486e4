/** Keeps every node's list of allowed partner origins equal to the enabled rows. */
import type { Services } from '../../services.js';
import { enabledOrigins } from './repo.js';

/** Told on the bus after any change, so every node reloads its list of allowed origins at once. */
export const PARTNERS_CHANGED_TOPIC = 'partners.changed';

/** Keeps `services.origins` equal to the enabled rows; reloads run one after another so an older read never wins. */
export function reloader(s: Services) {
  let chain: Promise<void> = Promise.resolve();
  return () => {
    chain = chain
      .then(async () => {
        const list = await enabledOrigins(s.db);
        s.origins.setPartners(list);
      })
      .catch((err) => s.log.error({ err }, 'partner origins reload failed'));
    return chain;
  };
}
