/**
 * The Node options the browser host runs with. Under a directory sync's allocation rate V8 grows the young
 * generation to tens of megabytes and keeps it; with 2 MB semi-spaces a demo start stays under 150 MB of
 * resident memory, for more (and shorter) scavenges (docs/performance.md, "Memory"). V8 reads this when it
 * sets the heap up, so it is an option of the process, not something the host could set for itself.
 */
export const BROWSER_HOST_NODE_FLAGS = ['--max-semi-space-size=2'];
