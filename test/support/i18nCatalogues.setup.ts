/**
 * Tests word messages in any language synchronously, as main does: all three catalogues are registered before
 * any test runs (a window would load its one language first, src-renderer/lib/i18n.svelte.ts). Files share
 * their worker's modules (vitest.config.ts), so each starts in English whatever the one before switched to.
 */
import { beforeAll } from 'vitest';
import '../../src-main/shared/i18n/allCatalogues';
import { setActiveLocale } from '../../src-main/shared/i18n/activeLocale';
import { DEFAULT_LOCALE } from '../../src-main/shared/i18n/locales';

beforeAll(() => setActiveLocale(DEFAULT_LOCALE));
