/**
 * How long `waitFor` and `findBy…` wait in component tests: 5 s instead of Testing Library's 1 s. A screen
 * opened for the first time loads its module (lazyView.ts), which on a loaded two-core CI machine alone took
 * just over a second; a test that waits for what should happen passes as soon as it does, so only a failing
 * test takes longer.
 */
import { configure } from '@testing-library/svelte';

configure({ asyncUtilTimeout: 5000 });
