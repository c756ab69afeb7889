/**
 * All three languages, registered as this module loads. Main imports it first thing (src-main/index.ts, the
 * browser host, the locale service), so main can word anything in any language synchronously; windows never
 * import it, they load the one language they show (catalogueLoader.ts `loadCatalogue`).
 */
import { registerCatalogue } from './catalogue';
import cs from './messages/cs.json' with { type: 'json' };
import en from './messages/en.json' with { type: 'json' };
import sk from './messages/sk.json' with { type: 'json' };

registerCatalogue('en', en);
registerCatalogue('cs', cs);
registerCatalogue('sk', sk);
