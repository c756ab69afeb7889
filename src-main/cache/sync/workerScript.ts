/** How a worker thread of the cache is started (the sync's writer, the integrity check). */
export interface WorkerScript {
  /** The worker module: a `.js` file next to the app's main bundle, or the `.ts` source. */
  url: URL;
  /** Node options of the worker thread, e.g. `['--import', 'tsx']` to run the TypeScript source. */
  execArgv?: string[];
}
