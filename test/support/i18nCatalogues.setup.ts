/**
 * Tests word messages in any language synchronously, as main does: all three catalogues are registered before
 * any test runs (a window would load its one language first, src-renderer/lib/i18n.svelte.ts).
 */
import '../../src-main/shared/i18n/allCatalogues';
